-- Global search (issue 15 §3) over projects by name, quotes by title and the clients (companies)
-- quotes and invoices are searched by, as 0029 did for tasks: the text compared folded (crm_fold:
-- lower case, no accents, the mapping of src/domain/crm/search-text.ts) by a fragment, through a
-- trigram index led by the agency (btree_gin, 0029), so a fragment reads one agency's entries.
-- Last, 0029's task_search_ids planned per pattern like these (it read every task of the agency).
CREATE INDEX projects_search_trgm_idx ON projects USING gin (agency_id, crm_fold(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX quotes_search_trgm_idx ON quotes USING gin (agency_id, crm_fold(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX companies_name_trgm_idx ON companies USING gin (agency_id, crm_fold(name) gin_trgm_ops);
--> statement-breakpoint
-- Under row-level security the planner never uses those indexes for the query's own LIKE: LIKE is
-- not leakproof, so it runs after the row policy, and a rare fragment read every row of the agency.
-- These functions use the index and apply what the table's policy would: the caller's agency only
-- and its record scope on the module. The search then reads the rows through the policy as usual.
-- Dynamic SQL so each call is planned for its pattern (a generic plan takes every fragment as
-- equally rare, and picks one plan for the rare and the common).
--
-- Projects: not deleted, all of the agency's or those the caller owns or is a member of; the
-- first p_limit in the search's order (the exact name first, then the newest), so ranking among
-- them is ranking among all.
CREATE OR REPLACE FUNCTION project_search_ids(p_pattern text, p_exact text, p_limit integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 20 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT p.id FROM projects p
     WHERE p.agency_id = $1 AND p.deleted_at IS NULL AND crm_fold(p.name) LIKE $2
       AND ((SELECT app_scope_all(''projects'')) OR p.owner_id = $4
         OR p.id IN (SELECT pm.project_id FROM project_members pm WHERE pm.agency_id = $1 AND pm.user_id = $4))
     ORDER BY crm_fold(p.name) = $3 DESC, p.created_at DESC, p.id
     LIMIT $5'
    USING app_agency_id(), p_pattern, p_exact, app_user_id(), p_limit;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION project_search_ids(text, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION project_search_ids(text, text, integer) TO nexo_app;
--> statement-breakpoint
-- Quotes by title: all of the agency's or those the caller created; the newest p_limit, the
-- search's order (quotes found by their client come from finance_client_search_ids's clients).
CREATE OR REPLACE FUNCTION quote_search_ids(p_pattern text, p_limit integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 20 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT q.id FROM quotes q
     WHERE q.agency_id = $1 AND crm_fold(q.title) LIKE $2
       AND ((SELECT app_scope_all(''financeiro_orcamentos'')) OR q.created_by = $3)
     ORDER BY q.created_at DESC, q.id DESC
     LIMIT $4'
    USING app_agency_id(), p_pattern, app_user_id(), p_limit;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION quote_search_ids(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION quote_search_ids(text, integer) TO nexo_app;
--> statement-breakpoint
-- Companies by name, as the finance search's clients: the agency's that the companies policy
-- (0014) shows the caller: all, its own (record scope of crm_contatos), or, when it may view
-- projects, the clients of the projects it reaches (the projects policy's scope). At most p_cap.
CREATE OR REPLACE FUNCTION finance_client_search_ids(p_pattern text, p_cap integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT co.id FROM companies co
     WHERE co.agency_id = $1 AND crm_fold(co.name) LIKE $2
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
--> statement-breakpoint
REVOKE ALL ON FUNCTION finance_client_search_ids(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION finance_client_search_ids(text, integer) TO nexo_app;
--> statement-breakpoint
-- 0029's task_search_ids, the same rows, planned per pattern as the functions above: as a
-- LANGUAGE sql function its statement was planned once with the pattern as a parameter, and at the
-- bench's full scale that plan read the large agency's 200,000 tasks for a rare fragment (1.9 to
-- 2.9 s, over the route's 2 s limit) where the title's trigram index answers in about 11 ms.
CREATE OR REPLACE FUNCTION task_search_ids(p_pattern text, p_cap integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT t.id FROM tasks t
     WHERE t.agency_id = $1
       AND crm_fold(t.title) LIKE $2
       AND t.project_id IN (SELECT p.id FROM projects p WHERE p.agency_id = $1 AND p.deleted_at IS NULL)
       AND ((SELECT app_scope_all(''projetos_tarefas'')) OR t.created_by = $3
         OR t.project_id IN (SELECT pm.project_id FROM project_members pm
                             WHERE pm.agency_id = $1 AND pm.user_id = $3)
         OR t.id IN (SELECT ta.task_id FROM task_assignees ta
                     WHERE ta.agency_id = $1 AND ta.user_id = $3))
     LIMIT $4'
    USING app_agency_id(), p_pattern, app_user_id(), p_cap;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION task_search_ids(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION task_search_ids(text, integer) TO nexo_app;
