-- Audit free-text search: the trigram index is read for the search's rarest word only. GIN
-- intersects every trigram of the pattern, and a word found in most rows (a JSON key, "Registro")
-- costs a whole posting tree per trigram (~7 ms each at 1M rows) however rare the rest is. The
-- rarest word is the one the least of the index expression's statistics sample contains (ties: the
-- longest). It is a literal piece of the pattern, so it only narrows: the whole pattern is still
-- checked on each field and e-mail, and the rows and their order are unchanged. Within one agency the
-- planner now chooses between that word's index scan and the (agency_id, created_at) walk.
CREATE OR REPLACE FUNCTION audit_search_rarest_word(p_pattern text, OUT word text, OUT sample_hits bigint)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT w.word, w.hits
    FROM (SELECT words.word,
                 (SELECT count(*) FROM pg_stats s,
                         unnest(coalesce(s.histogram_bounds::text::text[], '{}') || coalesce(s.most_common_vals::text::text[], '{}')) v
                   WHERE s.schemaname = 'public' AND s.tablename = 'audit_logs_search_trgm_idx'
                     AND strpos(lower(v), words.word) > 0) AS hits
            FROM (SELECT DISTINCT lower(m[1]) AS word FROM regexp_matches(p_pattern, '([[:alnum:]]{3,})', 'g') m) words) w
   ORDER BY w.hits, length(w.word) DESC, w.word
   LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_search_rarest_word(text) FROM PUBLIC;
--> statement-breakpoint
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
BEGIN
  SELECT word, sample_hits INTO v_word, v_sample_hits FROM audit_search_rarest_word(p_pattern);
  IF NOT v_super THEN
    IF v_agency IS NULL THEN RETURN; END IF;
    v_scope := ' and agency_id = $9';
    -- An agency holds a small share of the rows: its (agency_id, created_at) walk beats the trigram
    -- index unless the word is missing from the statistics sample (under about 1% of the rows).
    IF v_sample_hits > 0 THEN v_narrow := ''; END IF;
  END IF;
  IF v_word IS NULL THEN
    -- No word of 3+ characters: the whole pattern narrows platform-wide, nothing within an agency.
    v_narrow := CASE WHEN v_super THEN replace(v_narrow, '$10', '$1') ELSE '' END;
    v_email := 'email ilike $1';
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
        and ((%3$s(l.action ilike $1 or l.resource_type ilike $1 or l.resource_id ilike $1 or l.details::text ilike $1))
          or l.user_id = any(array(select id from profiles where %4$s %5$s)))
      order by l.created_at desc, l.id desc
      limit $8',
    replace(v_scope, 'agency_id', 'l.agency_id'), v_filters, v_narrow, v_email, v_scope)
  USING p_pattern, p_from, p_to, p_action, p_resource_type, p_user_id, p_ip, p_limit, v_agency,
        '%' || v_word || '%';
END
$$;
--> statement-breakpoint
-- Without the pending list (fastupdate) a search never reads up to 4 MB of unsorted entries, and the
-- planner's cost of the e-mail index no longer counts them (it chose a scan of all profiles instead).
-- Audit rows and profiles are written one at a time, so each insert updating the index is cheap.
ALTER INDEX audit_logs_search_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX profiles_email_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('audit_logs_search_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('profiles_email_trgm_idx'::regclass);
