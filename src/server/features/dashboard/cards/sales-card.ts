import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

/** CRM deals (issue 16): won this month and the open pipeline, from the deals the caller may see. */
export const salesCard = defineCard({
  key: "sales",
  modules: ["crm_pipelines"],
  load: async (tx, ctx) => {
    const own = ownedBy(ctx, "crm_pipelines", sql`owner_id`);
    const monthStart = new Date(Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), 1)).toISOString();
    const [row] = await queryRows<{ won: number; won_cents: string; open: number; open_cents: string }>(
      tx,
      sql`SELECT (count(*) FILTER (WHERE outcome = 'won' AND closed_at >= ${monthStart}::timestamptz))::int AS won,
                 coalesce(sum(value_cents) FILTER (WHERE outcome = 'won' AND closed_at >= ${monthStart}::timestamptz), 0)::text AS won_cents,
                 (count(*) FILTER (WHERE outcome = 'open'))::int AS open,
                 coalesce(sum(value_cents) FILTER (WHERE outcome = 'open'), 0)::text AS open_cents
            FROM leads WHERE agency_id = ${ctx.agencyId} AND deleted_at IS NULL AND ${own}`,
    );
    return {
      wonThisMonth: row.won,
      wonThisMonthCents: Number(row.won_cents),
      open: row.open,
      openCents: Number(row.open_cents),
    };
  },
});
