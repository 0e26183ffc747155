-- CRM search at full scale (issue 16): the ordered page of a search, for contacts, companies and
-- deals. 0030's crm_contact_search_ids returned at most a capped set of ids; above the cap the list
-- fell back to the query's own LIKE, which under row-level security runs after the row policy (LIKE
-- is not leakproof), so a common fragment read most of the agency (300-700 ms in a 200,000-contact
-- agency). Here the page itself (sort, keyset cursor, limit) is planned with the fragment, the
-- sort and the limit known, so the planner takes the trigram index for a rare fragment and the
-- ordered (agency_id, created_at | name, id) index walk for a common one.
--
-- What the row policy would apply is applied here: the caller's agency only (or any, for the super
-- admin) and the caller's record scope (contacts and companies: crm_contatos, deals: crm_pipelines;
-- "own" = owner). Only whitelisted identifiers reach the SQL text (the table by entity, the sort
-- column and direction by sort); every value goes through USING. Each row comes out with its sort
-- value as text (full precision), the keyset cursor of the next call.
--
-- p_fragment is the folded fragment (src/domain/crm/search-text.ts), compared exactly by strpos. The
-- trigram index is asked for its words joined by % ("otavio%gomes%lopes"): the trigrams padded at a
-- word's edge ("es ", "  g") are in nearly every row, and reading their posting lists doubled the
-- index scan of a several-word name (25 ms to 8 ms at a million contacts).
CREATE OR REPLACE FUNCTION crm_search_page(
  p_entity text, p_agency_id uuid, p_fragment text, p_deleted boolean,
  p_sort text, p_after_value text, p_after_id uuid, p_limit integer)
RETURNS TABLE (id uuid, sort_value text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 50 AS $$
DECLARE
  v_table text := CASE p_entity WHEN 'contact' THEN 'customers' WHEN 'company' THEN 'companies'
                                WHEN 'deal' THEN 'leads' END;
  v_module text := CASE p_entity WHEN 'deal' THEN 'crm_pipelines' ELSE 'crm_contatos' END;
  v_by_name boolean := p_sort IN ('name_asc', 'name_desc');
  v_column text := CASE WHEN p_sort IN ('name_asc', 'name_desc') THEN 'name' ELSE 'created_at' END;
  v_direction text := CASE WHEN p_sort IN ('created_desc', 'name_desc') THEN 'DESC' ELSE 'ASC' END;
  v_words text := array_to_string(array_remove(regexp_split_to_array(p_fragment, '[^[:alnum:]]+'), ''), '%');
  v_all boolean;
BEGIN
  IF v_table IS NULL OR p_sort IS NULL
     OR p_sort NOT IN ('created_desc', 'created_asc', 'name_asc', 'name_desc') THEN
    RAISE EXCEPTION 'crm_search_page: unknown entity or sort' USING ERRCODE = '22023';
  END IF;
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  v_all := app_scope_all(v_module);
  RETURN QUERY EXECUTE format(
    'SELECT r.id, r.%1$I::text FROM %2$I r
     WHERE r.agency_id = $1 AND r.search_text LIKE $2 AND strpos(r.search_text, $7) > 0
       AND r.deleted_at IS %3$s %4$s %5$s
     ORDER BY r.%1$I %6$s, r.id %6$s
     LIMIT $6',
    v_column,
    v_table,
    CASE WHEN p_deleted THEN 'NOT NULL' ELSE 'NULL' END,
    CASE WHEN v_all THEN '' ELSE 'AND r.owner_id = $3' END,
    CASE WHEN p_after_id IS NULL THEN ''
         ELSE format('AND (r.%1$I, r.id) %2$s ($4::%3$s, $5)', v_column,
                     CASE v_direction WHEN 'DESC' THEN '<' ELSE '>' END,
                     CASE WHEN v_by_name THEN 'text' ELSE 'timestamptz' END) END,
    v_direction)
    USING p_agency_id, '%' || v_words || '%', app_user_id(), p_after_value, p_after_id, p_limit, p_fragment;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_search_page(text, uuid, text, boolean, text, text, uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_search_page(text, uuid, text, boolean, text, text, uuid, integer) TO nexo_app;
--> statement-breakpoint
-- Replaced by crm_search_page.
DROP FUNCTION crm_contact_search_ids(uuid, text, integer);
--> statement-breakpoint
-- The trigram indexes led by the agency (btree_gin, as tasks' in 0029): a fragment's candidates are
-- the caller's agency's only, never every agency's, and the planner no longer ANDs the bitmap with
-- the whole agency's (200,000 entries in the bench's large agency; 40-60 ms to 8 ms for a fragment
-- of a few hundred matches).
CREATE INDEX customers_agency_search_trgm_idx ON customers USING gin (agency_id, search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX customers_search_trgm_idx;
--> statement-breakpoint
CREATE INDEX companies_agency_search_trgm_idx ON companies USING gin (agency_id, search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX companies_search_trgm_idx;
--> statement-breakpoint
CREATE INDEX leads_agency_search_trgm_idx ON leads USING gin (agency_id, search_text gin_trgm_ops);
--> statement-breakpoint
DROP INDEX leads_search_trgm_idx;
--> statement-breakpoint
-- Whether a page is read through the trigram index or by walking the sort's index rests on the
-- estimated share of rows holding the fragment, taken from the column's histogram: at the default
-- 100 buckets a fragment in 900 of 200,000 contacts was taken as 1 in 150, and the walk read
-- tens of thousands of rows (0.7 s); 1000 buckets tell 1 in 1000 apart (the trigram index: 2 ms).
ALTER TABLE customers ALTER COLUMN search_text SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE companies ALTER COLUMN search_text SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE leads ALTER COLUMN search_text SET STATISTICS 1000;
