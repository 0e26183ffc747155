-- Audit free-text search when the pattern matches many authors' e-mails (a domain they share):
-- `user_id = any(array(…))` compared every walked row with every id (~75 s at 1M rows for 20,000
-- e-mails), and a hashed list costs an ILIKE on each matching profile (~40 ms for 20,000). When a
-- twentieth of the e-mails in scope, or 100, match, the author's e-mail is instead checked per row by
-- primary key while the created_at index is walked newest first: matching rows are then dense enough
-- that a page comes soon. Fewer matches keep the 0004 shape (indexable id list). Same rows, same
-- order, same tenant scope either way.
CREATE OR REPLACE FUNCTION audit_log_search(
  p_pattern text, p_from timestamptz, p_to timestamptz, p_action text, p_resource_type text,
  p_user_id uuid, p_ip text, p_limit integer
) RETURNS SETOF audit_logs
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
-- At most a page of rows: starting parallel workers costs more than the walk they would share.
SET max_parallel_workers_per_gather = 0 ROWS 200 AS $$
DECLARE
  v_agency uuid := app_agency_id();
  v_super boolean := app_is_super_admin();
  v_word text;
  v_sample_hits bigint;
  v_scope text := '';
  v_filters text := '';
  v_narrow text := 'audit_search_text(l.action, l.resource_type, l.resource_id, l.details) ilike $10 and ';
  v_email text := 'email ilike $10 and email ilike $1';
  v_authors_in_scope bigint;
  v_many_cutoff bigint;
  v_many_authors boolean;
  v_author_match text;
BEGIN
  SELECT word, sample_hits INTO v_word, v_sample_hits FROM audit_search_rarest_word(p_pattern);
  IF NOT v_super THEN
    IF v_agency IS NULL THEN RETURN; END IF;
    v_scope := ' and agency_id = $9';
    -- An agency holds a small share of the rows: its (agency_id, created_at) walk beats the trigram
    -- index unless the word is missing from the statistics sample (under about 1% of the rows).
    IF v_sample_hits > 0 THEN v_narrow := ''; END IF;
    SELECT count(*) INTO v_authors_in_scope FROM profiles WHERE agency_id = v_agency;
  ELSE
    -- The planner's row count: counting every profile would cost what this check saves.
    SELECT greatest(reltuples, 0)::bigint INTO v_authors_in_scope FROM pg_class WHERE oid = 'profiles'::regclass;
  END IF;
  IF v_word IS NULL THEN
    -- No word of 3+ characters: the whole pattern narrows platform-wide, nothing within an agency.
    v_narrow := CASE WHEN v_super THEN replace(v_narrow, '$10', '$1') ELSE '' END;
    v_email := 'email ilike $1';
  END IF;
  v_many_cutoff := least(greatest(v_authors_in_scope / 20, 1), 100);
  EXECUTE format('select count(*) >= $11 from (select 1 from profiles where %1$s %2$s limit $11) s', v_email, v_scope)
    INTO v_many_authors
    USING p_pattern, null::timestamptz, null::timestamptz, null::text, null::text, null::uuid, null::text,
          null::integer, v_agency, '%' || v_word || '%', v_many_cutoff;
  -- A scalar subquery, not EXISTS/IN: those become a hashed list of every matching profile.
  v_author_match := CASE WHEN v_many_authors
    THEN format('coalesce((select p.email ilike $1 from profiles p where p.id = l.user_id %1$s), false)',
                replace(v_scope, 'agency_id', 'p.agency_id'))
    ELSE format('l.user_id = any(array(select id from profiles where %1$s %2$s))', v_email, v_scope) END;
  IF p_from IS NOT NULL THEN v_filters := v_filters || ' and l.created_at >= $2'; END IF;
  IF p_to IS NOT NULL THEN v_filters := v_filters || ' and l.created_at <= $3'; END IF;
  IF p_action IS NOT NULL THEN v_filters := v_filters || ' and l.action = $4'; END IF;
  IF p_resource_type IS NOT NULL THEN v_filters := v_filters || ' and l.resource_type = $5'; END IF;
  IF p_user_id IS NOT NULL THEN v_filters := v_filters || ' and l.user_id = $6'; END IF;
  IF p_ip IS NOT NULL THEN v_filters := v_filters || ' and l.ip_address = $7'; END IF;
  RETURN QUERY EXECUTE format(
    'select l.* from audit_logs l
      where true %1$s %2$s
        and ((%3$s(l.action ilike $1 or l.resource_type ilike $1 or l.resource_id ilike $1 or l.details::text ilike $1))
          or %4$s)
      order by l.created_at desc, l.id desc
      limit $8',
    replace(v_scope, 'agency_id', 'l.agency_id'), v_filters, v_narrow, v_author_match)
  USING p_pattern, p_from, p_to, p_action, p_resource_type, p_user_id, p_ip, p_limit, v_agency,
        '%' || v_word || '%';
END
$$;
