import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

export const customersCard = defineCard({
  key: "customers",
  modules: ["customers"],
  load: async (tx, ctx) => {
    const own = ownedBy(ctx, "customers", sql`owner_id`);
    const [row] = await queryRows<{ total: number; active: number }>(
      tx,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'ativo'))::int AS active
            FROM customers WHERE agency_id = ${ctx.agencyId} AND deleted_at IS NULL AND ${own}`,
    );
    return { total: row.total, active: row.active };
  },
});
