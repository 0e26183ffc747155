import { sql } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";
import { queryRows } from "../../db/client.ts";
import { foldedEquals, foldedFragmentPattern } from "../../search/folded-text.ts";
import type { SearchSource } from "../../search/search-source.ts";
import { ownProjectsFilter } from "./delivery-scope.ts";

/**
 * Projects by name (Ctrl+K), case and accents aside, within the caller's record scope, the exact
 * name first, then the newest. The matches come from project_search_ids (migration 0033), which
 * reads the name's trigram index that a LIKE under the row policy could not and hands over the
 * first `limit` in this same order; the rows are then read through the policy as usual.
 */
export const projectSearchSource: SearchSource = {
  recordType: "project",
  module: "projects",
  async search(tx, { user, agencyId, scope }, text, limit) {
    const ids = sql`ARRAY(SELECT project_search_ids(${foldedFragmentPattern(text)}, ${foldSearch(text.trim())}, ${limit}))`;
    const rows = await queryRows<{ id: string; name: string; company: string | null; exact: boolean }>(
      tx,
      sql`SELECT p.id, p.name, co.name AS company, ${foldedEquals(sql`p.name`, text)} AS exact FROM projects p
          LEFT JOIN companies co ON co.id = p.company_id AND co.agency_id = p.agency_id
          WHERE p.agency_id = ${agencyId} AND p.deleted_at IS NULL AND p.id = ANY(${ids})
            AND ${ownProjectsFilter({ user, agencyId, scope })}
          ORDER BY exact DESC, p.created_at DESC, p.id LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      recordType: "project" as const,
      id: r.id,
      title: r.name,
      subtitle: r.company,
      href: `/app/projetos/visao-geral/${r.id}`,
      rank: r.exact ? 2 : 1,
    }));
  },
};
