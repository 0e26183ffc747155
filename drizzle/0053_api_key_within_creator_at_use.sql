-- An API key never reaches more than its creator reaches now (outside QA of the platform layer).
-- Creation already refuses a key role with a permission the creator lacks (roleWithinCreator),
-- but a manager may later take a module or the agency-wide record scope away from the creator's
-- role, and the key kept them. Every question asked about a key's request now answers for the
-- key's role AND the creator's current role: the route's permission row (app_api_key_state), the
-- record scope row-level security and the query layer read (app_scope_all) and has_permission.

-- 0035's definition; with a key in the context, both the key's role (none once revoked) and the
-- creator's (the request's user) must reach all records. PL/pgSQL with the queries inline, as in
-- 0035: a nested SECURITY DEFINER SQL function would be planned again at every call.
CREATE OR REPLACE FUNCTION app_scope_all(p_module text) RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_key_role text;
  v_creator_role text;
BEGIN
  IF app_is_super_admin() THEN
    RETURN true;
  END IF;
  IF nullif(current_setting('app.api_key_id', true), '') IS NULL THEN
    RETURN coalesce((
      SELECT rp.record_scope = 'all' FROM role_permissions rp
      WHERE rp.role = app_request_role() AND rp.module = p_module
    ), false);
  END IF;
  v_key_role := app_api_key_role();
  v_creator_role := (SELECT ur.role FROM user_roles ur WHERE ur.user_id = app_user_id());
  RETURN coalesce((
      SELECT rp.record_scope = 'all' FROM role_permissions rp
      WHERE rp.role = v_key_role AND rp.module = p_module
    ), false)
    AND coalesce((
      SELECT rp.record_scope = 'all' FROM role_permissions rp
      WHERE rp.role = v_creator_role AND rp.module = p_module
    ), false);
END
$$;
--> statement-breakpoint
-- 0027's definition; asked about the request's own user while a key is in use, the key's role
-- (a revoked key's: none) and the creator's own role must both allow the action.
CREATE OR REPLACE FUNCTION has_permission(p_user_id uuid, p_module text, p_action text)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH key_in_use AS (
    SELECT p_user_id = (SELECT app_user_id())
      AND nullif(current_setting('app.api_key_id', true), '') IS NOT NULL AS yes
  ),
  r AS (
    SELECT coalesce((SELECT role FROM user_roles WHERE user_id = p_user_id), 'user') AS role
    UNION ALL
    SELECT coalesce((SELECT app_api_key_role()), '') WHERE (SELECT yes FROM key_in_use)
  )
  SELECT CASE
    WHEN p_user_id IS NULL OR p_module IS NULL OR p_action IS NULL THEN false
    WHEN NOT (SELECT yes FROM key_in_use) AND (SELECT role FROM r LIMIT 1) = 'super_admin' THEN true
    ELSE (
      SELECT bool_and(coalesce((
        SELECT CASE p_action
          WHEN 'view' THEN rp.can_view
          WHEN 'create' THEN rp.can_create
          WHEN 'edit' THEN rp.can_edit
          WHEN 'delete' THEN rp.can_delete
          ELSE false END
        FROM role_permissions rp
        WHERE rp.role = r.role AND rp.module = p_module
      ), false))
      FROM r
    )
  END
$$;
--> statement-breakpoint
-- 0027's definition; the permission row of `p_module` is the key role's flags, each kept only
-- where the creator's current role has it too (no row for the key's role: still none).
CREATE OR REPLACE FUNCTION app_api_key_state(p_key_hash text, p_module text)
RETURNS TABLE (
  key_id uuid, user_id uuid, email text, first_name text, last_name text, company text,
  agency_id uuid, agency_name text, role text,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, creator_role text
) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT k.id, u.id, u.email, p.first_name, p.last_name, p.company, k.agency_id, a.name, k.role,
    CASE WHEN rp.role IS NOT NULL THEN rp.can_view AND coalesce(cp.can_view, false) END,
    CASE WHEN rp.role IS NOT NULL THEN rp.can_create AND coalesce(cp.can_create, false) END,
    CASE WHEN rp.role IS NOT NULL THEN rp.can_edit AND coalesce(cp.can_edit, false) END,
    CASE WHEN rp.role IS NOT NULL THEN rp.can_delete AND coalesce(cp.can_delete, false) END,
    coalesce(ur.role, 'user')
  FROM api_keys k
  JOIN "user" u ON u.id = k.created_by
  JOIN profiles p ON p.id = u.id AND p.agency_id = k.agency_id
  JOIN agencies a ON a.id = k.agency_id AND a.subscription_status = 'active'
  LEFT JOIN role_permissions rp ON rp.role = k.role AND rp.module = p_module
  LEFT JOIN user_roles ur ON ur.user_id = u.id
  LEFT JOIN role_permissions cp ON cp.role = coalesce(ur.role, 'user') AND cp.module = p_module
  WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL AND k.role <> 'super_admin'
$$;
