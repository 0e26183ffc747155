import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client.ts";
import { defineCard } from "../dashboard-card.ts";

/** "Projetos em Andamento" (spec §2.7: projects in progress and the total): status em_andamento only. */
export const projectsCard = defineCard({
  key: "projects",
  modules: ["projects"],
  load: async (tx, ctx) => {
    const own =
      ctx.scopeOf("projects") === "all"
        ? sql`true`
        : sql`(owner_id = ${ctx.user.id} OR id IN (SELECT project_id FROM project_members
            WHERE agency_id = ${ctx.agencyId} AND user_id = ${ctx.user.id}))`;
    const [row] = await queryRows<{ total: number; in_progress: number }>(
      tx,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'em_andamento'))::int AS in_progress
            FROM projects WHERE agency_id = ${ctx.agencyId} AND deleted_at IS NULL AND ${own}`,
    );
    return { total: row.total, inProgress: row.in_progress };
  },
});
