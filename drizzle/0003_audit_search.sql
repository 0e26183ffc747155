-- Audit free-text search through trigram indexes. Under row-level security PostgreSQL will not use an
-- index for a non-leakproof ILIKE, so the search runs in a SECURITY DEFINER function that applies the
-- caller's tenant scope itself (app_agency_id()/app_is_super_admin(), as the RLS policy does).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_search_text(action text, resource_type text, resource_id text, details jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT action || ' ' || resource_type || ' ' || coalesce(resource_id, '') || ' ' || coalesce(details::text, '')
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS audit_logs_search_trgm_idx ON audit_logs
  USING gin (audit_search_text(action, resource_type, resource_id, details) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profiles_email_trgm_idx ON profiles USING gin (email gin_trgm_ops);
--> statement-breakpoint
-- Newest first, at most p_limit rows of the caller's scope matching p_pattern (an ILIKE pattern) in
-- action, resource type, resource id, details or the author's e-mail, plus the list's other filters
-- (NULL = not filtered). Dynamic SQL so each call is planned for its values. Platform-wide (super
-- admin) the trigram index narrows: a common word walks the created_at index, a rare one reads the
-- trigram index; the concatenated text only narrows, each field is rechecked so a match never spans
-- two fields. Within one agency the (agency_id, created_at) index walk is cheaper than the trigram
-- index, whose posting lists are platform-wide, so it is not offered there.
CREATE OR REPLACE FUNCTION audit_log_search(
  p_pattern text, p_from timestamptz, p_to timestamptz, p_action text, p_resource_type text,
  p_user_id uuid, p_ip text, p_limit integer
) RETURNS SETOF audit_logs
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200 AS $$
DECLARE
  v_agency uuid := app_agency_id();
  v_super boolean := app_is_super_admin();
  v_scope text := '';
  v_filters text := '';
  v_narrow text := 'audit_search_text(l.action, l.resource_type, l.resource_id, l.details) ilike $1 and ';
BEGIN
  IF NOT v_super THEN
    IF v_agency IS NULL THEN RETURN; END IF;
    v_scope := ' and agency_id = $9';
    v_narrow := '';
  END IF;
  IF p_from IS NOT NULL THEN v_filters := v_filters || ' and l.created_at >= $2'; END IF;
  IF p_to IS NOT NULL THEN v_filters := v_filters || ' and l.created_at <= $3'; END IF;
  IF p_action IS NOT NULL THEN v_filters := v_filters || ' and l.action = $4'; END IF;
  IF p_resource_type IS NOT NULL THEN v_filters := v_filters || ' and l.resource_type = $5'; END IF;
  IF p_user_id IS NOT NULL THEN v_filters := v_filters || ' and l.user_id = $6'; END IF;
  IF p_ip IS NOT NULL THEN v_filters := v_filters || ' and l.ip_address = $7'; END IF;
  RETURN QUERY EXECUTE format(
    'select l.* from audit_logs l
      where true %1$s %2$s
        and ((%4$s(l.action ilike $1 or l.resource_type ilike $1 or l.resource_id ilike $1 or l.details::text ilike $1))
          or l.user_id = any(array(select id from profiles where email ilike $1 %3$s)))
      order by l.created_at desc, l.id desc
      limit $8',
    replace(v_scope, 'agency_id', 'l.agency_id'), v_filters, v_scope, v_narrow)
  USING p_pattern, p_from, p_to, p_action, p_resource_type, p_user_id, p_ip, p_limit, v_agency;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_log_search(text, timestamptz, timestamptz, text, text, uuid, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_log_search(text, timestamptz, timestamptz, text, text, uuid, text, integer) TO nexo_app;
--> statement-breakpoint
ANALYZE audit_logs;
--> statement-breakpoint
ANALYZE profiles;
