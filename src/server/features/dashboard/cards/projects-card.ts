import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";
import { ownedBy } from "./owned-by.ts";

export const projectsCard = defineCard({
  key: "projects",
  modules: ["projects"],
  load: async (tx, ctx) => {
    const own = ownedBy(ctx, "projects", sql`owner_id`);
    const [row] = await queryRows<{ total: number; in_progress: number }>(
      tx,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status <> 'completed'))::int AS in_progress
            FROM projects WHERE agency_id = ${ctx.agencyId} AND ${own}`,
    );
    return { total: row.total, inProgress: row.in_progress };
  },
});
