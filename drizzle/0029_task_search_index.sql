-- Global search over tasks (issue 15 §3): the title compared folded (crm_fold: lower case, no
-- accents, the same mapping as src/domain/crm/search-text.ts), by a fragment, through a trigram
-- index led by the agency (btree_gin), so a short or common fragment reads one agency's entries.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX tasks_search_trgm_idx ON tasks USING gin (agency_id, crm_fold(title) gin_trgm_ops);
--> statement-breakpoint
-- Under row-level security the planner never uses that index for the query's own LIKE: LIKE is
-- not leakproof, so it must run after the row policy, and a rare fragment read every task of the
-- agency (200 ms at 50,000, the route's 2 s timeout at the bench's scale). Here the index is used
-- and the function applies what the policy would: the caller's agency only, and on a scope "own"
-- the tasks it created, is assigned to or whose project it is a member of (tasks of deleted
-- projects are not found either). At most p_cap ids come out; the search reads the rows through
-- the policy as usual.
CREATE OR REPLACE FUNCTION task_search_ids(p_pattern text, p_cap integer)
RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
  SELECT t.id FROM tasks t
  WHERE t.agency_id = app_agency_id()
    AND crm_fold(t.title) LIKE p_pattern
    AND t.project_id IN (SELECT p.id FROM projects p WHERE p.agency_id = app_agency_id() AND p.deleted_at IS NULL)
    AND ((SELECT app_scope_all('projetos_tarefas')) OR t.created_by = (SELECT app_user_id())
      OR t.project_id IN (SELECT pm.project_id FROM project_members pm
                          WHERE pm.agency_id = app_agency_id() AND pm.user_id = app_user_id())
      OR t.id IN (SELECT ta.task_id FROM task_assignees ta
                  WHERE ta.agency_id = app_agency_id() AND ta.user_id = app_user_id()))
  LIMIT p_cap
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION task_search_ids(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION task_search_ids(text, integer) TO nexo_app;
