import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { type CardContext, defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

/**
 * The caller's contacts and the active ones among them. Every column it and row-level security
 * read is in customers_agency_live_status_idx (migration 0046), so the count reads that index
 * alone (200,000 contacts: ~25 ms, not ~90). Exported so a test can EXPLAIN it.
 */
export function customersCountQuery(ctx: CardContext): SQL {
  const own = ownedBy(ctx, "customers", sql`owner_id`);
  return sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'ativo'))::int AS active
            FROM customers WHERE agency_id = ${ctx.agencyId} AND deleted_at IS NULL AND ${own}`;
}

export const customersCard = defineCard({
  key: "customers",
  modules: ["customers"],
  load: async (tx, ctx) => {
    const [row] = await queryRows<{ total: number; active: number }>(tx, customersCountQuery(ctx));
    return { total: row.total, active: row.active };
  },
});
