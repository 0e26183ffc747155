-- Migration 0007 (session state) was edited after it had landed, four times, and drizzle's
-- migrator never re-runs a migration it has applied: a database migrated before the last edit
-- kept an older session state (a fingerprint column, app_enter_session_read with one of two
-- signatures, epoch triggers that also fire on new sessions, or no epoch at all). This migration
-- re-creates 0007's final definitions idempotently, so every database ends in the same state
-- whichever version of 0007 it ran. Migrations are append-only from here on
-- (tests/api/foundation/migrations-append-only.test.ts).
CREATE TABLE IF NOT EXISTS auth_epoch (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  value bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO auth_epoch (id, value) VALUES (true, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_advance_auth_epoch() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF current_setting('app.auth_epoch_advanced', true) IS DISTINCT FROM 'true' THEN
    UPDATE auth_epoch SET value = value + 1;
    PERFORM set_config('app.auth_epoch_advanced', 'true', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new session (a sign-in, the most frequent of these writes) changes no other session's state,
-- so inserting one does not advance the epoch; every other write to these tables does.
DO $$
DECLARE
  v_table text;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['session', 'user', 'profiles', 'agencies', 'user_roles', 'role_permissions', 'agency_settings'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS auth_epoch_advance ON %I', v_table);
    EXECUTE format('DROP TRIGGER IF EXISTS auth_epoch_advance_on_truncate ON %I', v_table);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER auth_epoch_advance AFTER %s ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_advance_auth_epoch()',
      CASE WHEN v_table = 'session' THEN 'UPDATE OR DELETE' ELSE 'INSERT OR UPDATE OR DELETE' END, v_table);
    EXECUTE format(
      'CREATE TRIGGER auth_epoch_advance_on_truncate AFTER TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION app_advance_auth_epoch()', v_table);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The first version returned a fingerprint column instead of auth_epoch: a changed result type
-- cannot be replaced in place.
DROP FUNCTION IF EXISTS app_session_state(text, text);
--> statement-breakpoint
CREATE FUNCTION app_session_state(p_token text, p_module text)
RETURNS TABLE (
  session_id uuid, expires_at timestamptz, user_id uuid, email text, two_factor_enabled boolean,
  first_name text, last_name text, company text, agency_id uuid, agency_name text,
  subscription_status text, role text, two_factor_required jsonb,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, auth_epoch bigint
) LANGUAGE sql STABLE AS $$
  SELECT se.id, se.expires_at, u.id, u.email, u.two_factor_enabled, p.first_name, p.last_name, p.company,
    p.agency_id, a.name, a.subscription_status, r.role,
    (SELECT st.setting_value FROM agency_settings st
      WHERE st.agency_id = p.agency_id AND st.setting_key = 'two_factor_required'),
    rp.can_view, rp.can_create, rp.can_edit, rp.can_delete,
    (SELECT e.value FROM auth_epoch e)
  FROM session se
  JOIN "user" u ON u.id = se.user_id
  LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN agencies a ON a.id = p.agency_id
  LEFT JOIN user_roles r ON r.user_id = u.id
  LEFT JOIN role_permissions rp ON rp.role = coalesce(r.role, 'user') AND rp.module = p_module
  WHERE se.token = p_token AND se.expires_at > now()
$$;
--> statement-breakpoint
-- Both earlier signatures of the read context's first name.
DROP FUNCTION IF EXISTS app_enter_session_read(text, text, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_enter_session_read(text, text, text, bigint, timestamptz, text);
--> statement-breakpoint
-- The tenant context of a read-only transaction. With p_auth_epoch, from a session read at that
-- epoch: refuses (SQLSTATE NX001; the transaction is then aborted, so nothing after it runs) when
-- anything the session state is built from changed since, or the session expired. Runs as the
-- connecting role, then switches to nexo_app.
CREATE OR REPLACE FUNCTION app_enter_tenant_read(
  p_user_id text, p_agency_id text, p_is_super_admin text, p_statement_timeout text,
  p_auth_epoch bigint, p_expires_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_auth_epoch IS NOT NULL
     AND ((SELECT value FROM auth_epoch) IS DISTINCT FROM p_auth_epoch OR p_expires_at <= now()) THEN
    RAISE EXCEPTION 'a sessão mudou desde que foi lida' USING ERRCODE = 'NX001';
  END IF;
  PERFORM set_config('app.user_id', p_user_id, true),
    set_config('app.agency_id', p_agency_id, true),
    set_config('app.is_super_admin', p_is_super_admin, true),
    set_config('transaction_read_only', 'on', true),
    set_config('statement_timeout', coalesce(p_statement_timeout, current_setting('statement_timeout')), true),
    set_config('role', 'nexo_app', true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON TABLE auth_epoch FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_advance_auth_epoch() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_state(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter_tenant_read(text, text, text, text, bigint, timestamptz) FROM PUBLIC;
