-- A session as authorisation sees it, defined once: who holds the token, with agency, role and the
-- role's permission row for one module, plus a fingerprint of all of it. The server reads it to
-- authorise a request; on PostgreSQL a read request may reuse what it read before and prove it
-- still holds inside the very statements that read the data (app_enter_session_read).
CREATE OR REPLACE FUNCTION app_session_state(p_token text, p_module text)
RETURNS TABLE (
  session_id uuid, expires_at timestamptz, user_id uuid, email text, two_factor_enabled boolean,
  first_name text, last_name text, company text, agency_id uuid, agency_name text,
  subscription_status text, role text, two_factor_required jsonb,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, fingerprint text
) LANGUAGE sql STABLE AS $$
  SELECT s.*, md5(s::text) FROM (
    SELECT se.id, se.expires_at, u.id, u.email, u.two_factor_enabled, p.first_name, p.last_name, p.company,
      p.agency_id, a.name, a.subscription_status, r.role,
      (SELECT st.setting_value FROM agency_settings st
        WHERE st.agency_id = p.agency_id AND st.setting_key = 'two_factor_required'),
      rp.can_view, rp.can_create, rp.can_edit, rp.can_delete
    FROM session se
    JOIN "user" u ON u.id = se.user_id
    LEFT JOIN profiles p ON p.id = u.id
    LEFT JOIN agencies a ON a.id = p.agency_id
    LEFT JOIN user_roles r ON r.user_id = u.id
    LEFT JOIN role_permissions rp ON rp.role = coalesce(r.role, 'user') AND rp.module = p_module
    WHERE se.token = p_token AND se.expires_at > now()
  ) s
$$;
--> statement-breakpoint
-- The tenant context of one read-only statement, taken from the session itself: refuses (SQLSTATE
-- NX001, the statement behind it is skipped) unless the session still has the fingerprint the server
-- authorised the request with. Runs as the connecting role, before it switches to nexo_app.
CREATE OR REPLACE FUNCTION app_enter_session_read(
  p_token text, p_module text, p_fingerprint text, p_statement_timeout text
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_state record;
BEGIN
  SELECT * INTO v_state FROM app_session_state(p_token, p_module);
  IF NOT FOUND OR v_state.fingerprint IS DISTINCT FROM p_fingerprint THEN
    RAISE EXCEPTION 'a sessão mudou desde que foi lida' USING ERRCODE = 'NX001';
  END IF;
  PERFORM set_config('app.user_id', v_state.user_id::text, true),
    set_config('app.agency_id', coalesce(v_state.agency_id::text, ''), true),
    set_config('app.is_super_admin', coalesce(v_state.role = 'super_admin', false)::text, true),
    set_config('transaction_read_only', 'on', true),
    set_config('statement_timeout', coalesce(p_statement_timeout, current_setting('statement_timeout')), true),
    set_config('role', 'nexo_app', true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_state(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter_session_read(text, text, text, text) FROM PUBLIC;
