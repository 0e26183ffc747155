-- The shared model the business modules build on (issues 15–18): record scope per role and
-- module, client companies, the record timeline and per-user notifications.
ALTER TABLE role_permissions ADD COLUMN IF NOT EXISTS record_scope text NOT NULL DEFAULT 'all'
  CHECK (record_scope IN ('all', 'own'));
--> statement-breakpoint
-- The defaults of src/domain/permissions.ts defaultRecordScope for rows seeded before this column.
UPDATE role_permissions SET record_scope = 'own'
WHERE (role = 'agency_client' AND module <> 'dashboard')
  OR (role IN ('sales_ldr', 'sales_bdr', 'sales_closer')
      AND module IN ('crm_pipelines', 'crm_contatos', 'crm_relatorios', 'leads', 'customers'))
  OR (role IN ('team_designer', 'team_copywriter', 'team_webdesigner', 'team_automation', 'team_traffic')
      AND module IN ('projects', 'projetos_calendario', 'projetos_tarefas', 'projetos_tempo', 'tasks', 'projetos_clientes'));
--> statement-breakpoint
-- Whether the request's user reaches every record of p_module in its agency (else only its own).
-- Wrapped as (SELECT app_scope_all('module')) in policies so it runs once per query.
CREATE OR REPLACE FUNCTION app_scope_all(p_module text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT (SELECT app_is_super_admin()) OR coalesce((
    SELECT rp.record_scope = 'all'
    FROM user_roles ur JOIN role_permissions rp ON rp.role = ur.role AND rp.module = p_module
    WHERE ur.user_id = (SELECT app_user_id())
  ), false)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_scope_all(text) TO nexo_app;
--> statement-breakpoint
CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  legal_name text,
  document text,
  email text,
  phone text,
  website text,
  city text,
  state text,
  owner_id uuid REFERENCES "user"(id) ON DELETE SET NULL,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
--> statement-breakpoint
CREATE INDEX companies_agency_created_idx ON companies (agency_id, created_at, id);
--> statement-breakpoint
CREATE INDEX companies_agency_owner_idx ON companies (agency_id, owner_id);
--> statement-breakpoint
CREATE INDEX companies_agency_document_idx ON companies (agency_id, document);
--> statement-breakpoint
CREATE TABLE timeline_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  record_type text NOT NULL,
  record_id uuid NOT NULL,
  kind text NOT NULL,
  actor_id uuid REFERENCES "user"(id) ON DELETE SET NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX timeline_events_record_idx ON timeline_events (agency_id, record_type, record_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX timeline_events_agency_created_idx ON timeline_events (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text,
  record_type text,
  record_id uuid,
  actor_id uuid REFERENCES "user"(id) ON DELETE SET NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX notifications_user_created_idx ON notifications (agency_id, user_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX notifications_user_unread_idx ON notifications (agency_id, user_id) WHERE read_at IS NULL;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON companies, timeline_events, notifications TO nexo_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timeline_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Companies: the agency's, and within it all of them or the caller's own (record scope of crm_contatos).
CREATE POLICY tenant_isolation ON companies TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('crm_contatos')) OR owner_id = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Timeline rows: the agency's; which records' events a caller may read is decided with the record.
CREATE POLICY tenant_isolation ON timeline_events TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- Notifications: read and marked by their recipient only; written for members of the writer's agency.
CREATE POLICY recipient_reads ON notifications TO nexo_app
  USING ((SELECT app_is_super_admin())
    OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())))
  WITH CHECK ((SELECT app_is_super_admin())
    OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())));
--> statement-breakpoint
CREATE POLICY agency_writes ON notifications FOR INSERT TO nexo_app
  WITH CHECK ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND user_id IN (SELECT id FROM profiles WHERE agency_id = (SELECT app_agency_id()))));
