import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { foldedContains, foldedEquals } from "../../search/folded-text.ts";
import type { SearchSource } from "../../search/search-source.ts";
import { ownProjectsFilter } from "./delivery-scope.ts";

/** Projects by name (Ctrl+K), case and accents aside, within the caller's record scope. */
export const projectSearchSource: SearchSource = {
  recordType: "project",
  module: "projects",
  async search(tx, { user, agencyId, scope }, text, limit) {
    const rows = await queryRows<{ id: string; name: string; company: string | null; exact: boolean }>(
      tx,
      sql`SELECT p.id, p.name, co.name AS company, ${foldedEquals(sql`p.name`, text)} AS exact FROM projects p
          LEFT JOIN companies co ON co.id = p.company_id AND co.agency_id = p.agency_id
          WHERE p.agency_id = ${agencyId} AND p.deleted_at IS NULL AND ${foldedContains(sql`p.name`, text)}
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
