import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

/** The agency's contracted budget is financial information: the financial reports module governs it. */
export const billingCard = defineCard({
  key: "billing",
  modules: ["financeiro_relatorios"],
  load: async (tx, ctx) => {
    const own = ownedBy(ctx, "financeiro_relatorios", sql`owner_id`);
    const [row] = await queryRows<{ total_budget: string }>(
      tx,
      sql`SELECT coalesce(sum(budget), 0)::text AS total_budget
            FROM projects WHERE agency_id = ${ctx.agencyId} AND ${own}`,
    );
    return { totalBudget: row.total_budget };
  },
});
