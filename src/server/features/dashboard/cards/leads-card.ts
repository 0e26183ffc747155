import { sql } from "drizzle-orm";
import { QUALIFIED_LEAD_SCORE } from "#domain/schemas/dashboard.ts";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

export const leadsCard = defineCard({
  key: "leads",
  modules: ["leads"],
  load: async (tx, ctx) => {
    const own = ownedBy(ctx, "leads", sql`owner_id`);
    const [row] = await queryRows<{ total: number; qualified: number }>(
      tx,
      sql`SELECT count(*)::int AS total,
                 (count(*) FILTER (WHERE score > ${QUALIFIED_LEAD_SCORE}))::int AS qualified
            FROM leads WHERE agency_id = ${ctx.agencyId} AND deleted_at IS NULL AND ${own}`,
    );
    return { total: row.total, qualified: row.qualified };
  },
});
