-- API keys and outgoing webhooks (issue 15, item 6). The tables are 0012's; this adds how a key
-- authenticates and how row-level security sees the role it acts with.
--
-- A request made with an API key runs as the user who created it (app.user_id, so owner and
-- actor columns name a real member) but with the key's role: the server also sets app.api_key_id,
-- and the two functions whose answer depends on the caller's role read the key's instead.
CREATE OR REPLACE FUNCTION app_api_key_role() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT k.role FROM api_keys k
  WHERE k.id = nullif(current_setting('app.api_key_id', true), '')::uuid
    AND k.agency_id = (SELECT app_agency_id())
    AND k.created_by = (SELECT app_user_id())
    AND k.revoked_at IS NULL
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_api_key_role() TO nexo_app;
--> statement-breakpoint
-- The role the request acts with: the key's (none once revoked) or else the user's.
CREATE OR REPLACE FUNCTION app_request_role() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT CASE
    WHEN nullif(current_setting('app.api_key_id', true), '') IS NULL
      THEN (SELECT ur.role FROM user_roles ur WHERE ur.user_id = (SELECT app_user_id()))
    ELSE (SELECT app_api_key_role())
  END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_request_role() TO nexo_app;
--> statement-breakpoint
-- 0009's definition with the request's role (a key's) in place of the user's.
CREATE OR REPLACE FUNCTION app_scope_all(p_module text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT (SELECT app_is_super_admin()) OR coalesce((
    SELECT rp.record_scope = 'all'
    FROM role_permissions rp
    WHERE rp.role = (SELECT app_request_role()) AND rp.module = p_module
  ), false)
$$;
--> statement-breakpoint
-- 0001's definition; asked about the request's own user while a key is in use, the key's role
-- answers (a revoked key's: nothing).
CREATE OR REPLACE FUNCTION has_permission(p_user_id uuid, p_module text, p_action text)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH r AS (
    SELECT CASE
      WHEN p_user_id = (SELECT app_user_id()) AND nullif(current_setting('app.api_key_id', true), '') IS NOT NULL
        THEN coalesce((SELECT app_api_key_role()), '')
      ELSE coalesce((SELECT role FROM user_roles WHERE user_id = p_user_id), 'user')
    END AS role
  )
  SELECT CASE
    WHEN p_user_id IS NULL OR p_module IS NULL OR p_action IS NULL THEN false
    WHEN (SELECT role FROM r) = 'super_admin' THEN true
    ELSE coalesce((
      SELECT CASE p_action
        WHEN 'view' THEN rp.can_view
        WHEN 'create' THEN rp.can_create
        WHEN 'edit' THEN rp.can_edit
        WHEN 'delete' THEN rp.can_delete
        ELSE false END
      FROM role_permissions rp
      WHERE rp.role = (SELECT role FROM r) AND rp.module = p_module
    ), false)
  END
$$;
--> statement-breakpoint
-- Who an API key acts as, for the request that presents it (before any tenant context exists):
-- only the SHA-256 of the key goes in. Nothing comes out for a revoked key, a key whose creator
-- left its agency, a key of an agency that is not active, or a super admin role. The creator's
-- role comes out too: the server refuses a key whose role is now above its creator's.
CREATE OR REPLACE FUNCTION app_api_key_state(p_key_hash text, p_module text)
RETURNS TABLE (
  key_id uuid, user_id uuid, email text, first_name text, last_name text, company text,
  agency_id uuid, agency_name text, role text,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, creator_role text
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT k.id, u.id, u.email, p.first_name, p.last_name, p.company, k.agency_id, a.name, k.role,
    rp.can_view, rp.can_create, rp.can_edit, rp.can_delete, coalesce(ur.role, 'user')
  FROM api_keys k
  JOIN "user" u ON u.id = k.created_by
  JOIN profiles p ON p.id = u.id AND p.agency_id = k.agency_id
  JOIN agencies a ON a.id = k.agency_id AND a.subscription_status = 'active'
  LEFT JOIN role_permissions rp ON rp.role = k.role AND rp.module = p_module
  LEFT JOIN user_roles ur ON ur.user_id = u.id
  WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL AND k.role <> 'super_admin'
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_api_key_state(text, text) TO nexo_app;
--> statement-breakpoint
-- The key's last use, written at most once a minute (the server also skips calls within it).
CREATE OR REPLACE FUNCTION app_touch_api_key(p_key_id uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  UPDATE api_keys SET last_used_at = now()
  WHERE id = p_key_id AND revoked_at IS NULL
    AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_touch_api_key(uuid) TO nexo_app;
