-- The finance search's clients (finance_client_search_ids, 0033) compared crm_fold(name) row by row:
-- a fragment too short for a trigram ("ta") folded every name of the agency (10,000 in the bench's
-- large agency: ~140 ms on a loaded machine, twice per search, once for quotes and once for
-- invoices). The folded name is now kept in the row (generated, as search_text is), so the short
-- fragment reads it from a covering index and a longer one from its trigram index.
ALTER TABLE companies ADD COLUMN name_folded text GENERATED ALWAYS AS (public.crm_fold(name)) STORED;
--> statement-breakpoint
CREATE INDEX companies_agency_name_folded_idx ON companies USING btree (agency_id, name_folded) INCLUDE (id, owner_id);
--> statement-breakpoint
CREATE INDEX companies_name_folded_trgm_idx ON companies USING gin (agency_id, name_folded gin_trgm_ops);
--> statement-breakpoint
DROP INDEX companies_name_trgm_idx;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_client_search_ids(p_pattern text, p_cap integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT co.id FROM companies co
     WHERE co.agency_id = $1 AND co.name_folded LIKE $2
       AND ((SELECT app_scope_all(''crm_contatos'')) OR co.owner_id = $3
         OR ((SELECT has_permission($3, ''projects'', ''view''))
             AND co.id IN (SELECT p.company_id FROM projects p
                           WHERE p.agency_id = $1 AND p.company_id IS NOT NULL
                             AND ((SELECT app_scope_all(''projects'')) OR p.owner_id = $3
                               OR p.id IN (SELECT pm.project_id FROM project_members pm
                                           WHERE pm.agency_id = $1 AND pm.user_id = $3)))))
     LIMIT $4'
    USING app_agency_id(), p_pattern, app_user_id(), p_cap;
END
$$;
