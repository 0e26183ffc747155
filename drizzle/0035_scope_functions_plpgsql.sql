-- Row policies ask app_scope_all(module) once per query (an InitPlan), but one statement holds
-- several (a timer start: six, from the policies of projects, time_entries and the statement's own
-- check), and a SQL function that cannot be inlined (SECURITY DEFINER) is parsed and planned again
-- at every call, its inner app_request_role() too. As PL/pgSQL their queries are planned once per
-- connection and kept. Same rules as 0027: the request's role (an API key's, none once revoked),
-- super admin reaches everything.
CREATE OR REPLACE FUNCTION app_request_role() RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF nullif(current_setting('app.api_key_id', true), '') IS NULL THEN
    RETURN (SELECT ur.role FROM user_roles ur WHERE ur.user_id = app_user_id());
  END IF;
  RETURN app_api_key_role();
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_scope_all(p_module text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF app_is_super_admin() THEN
    RETURN true;
  END IF;
  RETURN coalesce((
    SELECT rp.record_scope = 'all' FROM role_permissions rp
    WHERE rp.role = app_request_role() AND rp.module = p_module
  ), false);
END
$$;
