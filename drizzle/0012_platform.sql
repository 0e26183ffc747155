-- Platform services (issue 15): background jobs, outbox delivery, files, API keys, webhooks.
-- E-mail outbox: each row is delivered by a job; a row that failed every attempt stays 'failed'
-- with its error for the super admin (housekeeping no longer deletes unsent mail).
ALTER TABLE email_outbox ADD COLUMN html text;
--> statement-breakpoint
ALTER TABLE email_outbox ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed'));
--> statement-breakpoint
ALTER TABLE email_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE email_outbox ADD COLUMN last_error text;
--> statement-breakpoint
UPDATE email_outbox SET status = 'sent' WHERE sent_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX email_outbox_status_created_idx ON email_outbox (status, created_at DESC, id DESC);
--> statement-breakpoint
-- Progress and outcome of a job enqueued for an agency, read by its owner (progress bars).
CREATE TABLE job_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  owner_id uuid REFERENCES "user"(id) ON DELETE SET NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'retrying', 'succeeded', 'failed')),
  done integer NOT NULL DEFAULT 0,
  total integer,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
--> statement-breakpoint
CREATE INDEX job_runs_agency_owner_idx ON job_runs (agency_id, owner_id, created_at DESC, id DESC);
--> statement-breakpoint
-- The embedded database's queue (PGlite, one process): PostgreSQL uses graphile-worker's own tables.
CREATE TABLE job_queue (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 25,
  job_key text UNIQUE,
  locked_at timestamptz,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX job_queue_ready_idx ON job_queue (run_at, id) WHERE failed_at IS NULL;
--> statement-breakpoint
-- The last period each recurring job was enqueued for: one row update decides which server enqueues.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  last_period timestamptz NOT NULL
);
--> statement-breakpoint
-- Enqueues a job in the caller's transaction, whatever its role: graphile-worker's add_job on
-- PostgreSQL (its schema is installed at start), the embedded queue otherwise. A job key replaces
-- a waiting job with the same key (graphile-worker's default), so a key enqueues at most one run.
CREATE OR REPLACE FUNCTION app_enqueue_job(job_name text, job_payload jsonb, job_run_at timestamptz,
    key text, job_max_attempts integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job(job_name, job_payload::json, NULL, job_run_at, job_max_attempts, key);
  ELSE
    INSERT INTO job_queue (name, payload, run_at, max_attempts, job_key)
      VALUES (job_name, job_payload, coalesce(job_run_at, now()), job_max_attempts, key)
      ON CONFLICT (job_key) DO UPDATE SET name = excluded.name, payload = excluded.payload,
        run_at = excluded.run_at, max_attempts = excluded.max_attempts, attempts = 0,
        last_error = NULL, failed_at = NULL
      WHERE job_queue.locked_at IS NULL;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enqueue_job(text, jsonb, timestamptz, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enqueue_job(text, jsonb, timestamptz, text, integer) TO nexo_app;
--> statement-breakpoint
-- Files attached to a record; who may read them is decided with the record (RECORD_MODULES).
CREATE TABLE attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  record_type text NOT NULL,
  record_id uuid NOT NULL,
  storage_key text NOT NULL,
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  uploaded_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX attachments_record_idx ON attachments (agency_id, record_type, record_id, created_at DESC, id DESC);
--> statement-breakpoint
-- API keys: only a hash is kept; the key acts with the permissions of its role.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  role text NOT NULL,
  key_prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX api_keys_agency_created_idx ON api_keys (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX webhooks_agency_created_idx ON webhooks (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (agency_id, webhook_id, created_at DESC, id DESC);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON job_runs, attachments, api_keys, webhooks, webhook_deliveries TO nexo_app;
--> statement-breakpoint
ALTER TABLE job_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhooks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhooks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A job's progress: its owner (and the super admin); written by the agency's transactions.
CREATE POLICY owner_reads ON job_runs TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND owner_id = (SELECT app_user_id())))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY agency_writes ON job_runs FOR INSERT TO nexo_app
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON attachments TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON api_keys TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhooks TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webhook_deliveries TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
