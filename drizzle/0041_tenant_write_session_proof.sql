-- The tenant context of a writing transaction, proving a session read earlier as reads already do:
-- with p_auth_epoch it refuses (SQLSTATE NX001; the transaction is then aborted, so nothing after it
-- runs or commits) when anything the session state is built from changed since, or the session
-- expired. A write route that declares it (the timer, a deal's move) may then run on the session
-- found by an earlier request instead of reading it again: one round trip fewer per write. Runs as
-- the connecting role, then switches to nexo_app.
CREATE OR REPLACE FUNCTION app_enter_tenant_write(
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
    set_config('statement_timeout', coalesce(p_statement_timeout, current_setting('statement_timeout')), true),
    set_config('role', 'nexo_app', true);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter_tenant_write(text, text, text, text, bigint, timestamptz) FROM PUBLIC;
--> statement-breakpoint
-- The context of read-only work (0010) is the same, then read only: one definition of the proof.
CREATE OR REPLACE FUNCTION app_enter_tenant_read(
  p_user_id text, p_agency_id text, p_is_super_admin text, p_statement_timeout text,
  p_auth_epoch bigint, p_expires_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_enter_tenant_write(p_user_id, p_agency_id, p_is_super_admin, p_statement_timeout,
    p_auth_epoch, p_expires_at);
  PERFORM set_config('transaction_read_only', 'on', true);
END
$$;
