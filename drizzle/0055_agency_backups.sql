-- Automatic backups (Configurações > Sistema > Backup automático): each agency whose setting is on
-- gets its backup (docs/decisions/031) written gzipped to the file storage on its frequency; a row
-- here names each stored file. The row is written only once the file is stored, so a failed backup
-- leaves none; the oldest beyond the kept number are removed with their files (decision 032).
CREATE TABLE agency_backups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The list (newest first), the job's "newest backup of each agency" and the retention's "beyond the
-- newest N" all read one agency's rows in this order.
CREATE INDEX agency_backups_agency_created_idx ON agency_backups (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON agency_backups TO nexo_app;
--> statement-breakpoint
ALTER TABLE agency_backups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agency_backups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A backup holds every record of the agency, more than most roles may read: only who may edit the
-- agency's settings sees its backups, also in the database (the routes ask the same).
CREATE POLICY tenant_isolation ON agency_backups TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND (SELECT has_permission((SELECT app_user_id()), 'configuracoes', 'edit'))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
