import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";
import { dealIdsWithProject } from "./deals-with-project.ts";

export type WonDealOption = { id: string; name: string; company: string | null; valueCents: number };

/**
 * Won deals (the CRM's outcome), not deleted, that have no live project yet (even one the caller's
 * record scope hides), newest first; the deals themselves as the caller's CRM row policy shows them.
 */
export async function listWonDealsWithoutProject(tx: Queryable, agencyId: string): Promise<WonDealOption[]> {
  const rows = await queryRows<{ id: string; name: string; company: string | null; value_cents: string | null }>(
    tx,
    sql`SELECT l.id, l.name, coalesce(co.name, l.company) AS company, l.value_cents::text AS value_cents FROM leads l
        LEFT JOIN companies co ON co.agency_id = l.agency_id AND co.id = l.company_id AND co.deleted_at IS NULL
        WHERE l.agency_id = ${agencyId} AND l.outcome = 'won' AND l.deleted_at IS NULL
          AND l.id NOT IN ${dealIdsWithProject(agencyId)}
        ORDER BY l.updated_at DESC, l.id LIMIT 100`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, company: r.company, valueCents: Number(r.value_cents ?? 0) }));
}
