import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { foldedFragmentPattern } from "../../search/folded-text.ts";
import type { SearchSource } from "../../search/search-source.ts";
import { ownTasksFilter } from "./task-rows.ts";

/**
 * How many matching tasks the index hands over before they are ordered: a fragment common to
 * thousands of titles is ranked among these, not among all.
 */
const CANDIDATES = 200;

/**
 * Tasks by title (Ctrl+K), case and accents aside, within the caller's record scope, open ones
 * first. The matches come from task_search_ids (migration 0029), which reads the title's trigram
 * index that a LIKE under the row policy could not; the rows are then read through the policy.
 */
export const taskSearchSource: SearchSource = {
  recordType: "task",
  module: "projetos_tarefas",
  async search(tx, { user, agencyId, scope }, text, limit) {
    const rows = await queryRows<{ id: string; title: string; project: string; project_id: string; open: boolean }>(
      tx,
      sql`SELECT t.id, t.title, p.name AS project, p.id AS project_id, t.status <> 'completed' AS open FROM tasks t
          JOIN projects p ON p.id = t.project_id AND p.agency_id = t.agency_id AND p.deleted_at IS NULL
          WHERE t.agency_id = ${agencyId} AND ${ownTasksFilter({ user, agencyId, scope })}
            AND t.id = ANY(ARRAY(SELECT task_search_ids(${foldedFragmentPattern(text)}, ${CANDIDATES})))
          ORDER BY open DESC, t.due_date ASC NULLS LAST, t.id LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      recordType: "task" as const,
      id: r.id,
      title: r.title,
      subtitle: r.project,
      href: `/app/projetos/visao-geral/${r.project_id}`,
      rank: r.open ? 1 : 0.5,
    }));
  },
};
