import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";

export type WonDealOption = { id: string; name: string; company: string | null; valueCents: number };

/** Won deals (today's `leads` at stage 'fechados') that have no live project yet, newest first. */
export async function listWonDealsWithoutProject(tx: Queryable, agencyId: string): Promise<WonDealOption[]> {
  const rows = await queryRows<{ id: string; name: string; company: string | null; value_cents: string | null }>(
    tx,
    sql`SELECT l.id, l.name, l.company, round(l.estimated_value * 100)::text AS value_cents FROM leads l
        WHERE l.agency_id = ${agencyId} AND l.stage = 'fechados'
          AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.agency_id = l.agency_id AND p.deal_id = l.id AND p.deleted_at IS NULL)
        ORDER BY l.updated_at DESC, l.id LIMIT 100`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, company: r.company, valueCents: Number(r.value_cents ?? 0) }));
}
