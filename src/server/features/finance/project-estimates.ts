import { and, asc, eq, gt, isNull, notInArray, or } from "drizzle-orm";
import type { ProjectEstimate } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { companies, projects } from "../../db/schema.ts";

/**
 * The agency's live projects with estimated hours (budget_hours), for a quote line "hours × rate":
 * the project's own hourly rate when it has one, else the rate is left for the person to type. With a
 * client chosen: that client's projects and those of no client.
 */
export async function listProjectEstimates(
  db: Queryable,
  agencyId: string,
  companyId: string | undefined,
): Promise<ProjectEstimate[]> {
  const rows = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      companyId: projects.companyId,
      companyName: companies.name,
      budgetHours: projects.budgetHours,
      hourlyRateCents: projects.hourlyRateCents,
    })
    .from(projects)
    .leftJoin(
      companies,
      and(eq(companies.agencyId, projects.agencyId), eq(companies.id, projects.companyId), isNull(companies.deletedAt)),
    )
    .where(
      and(
        eq(projects.agencyId, agencyId),
        isNull(projects.deletedAt),
        notInArray(projects.status, ["concluido", "cancelado"]),
        gt(projects.budgetHours, "0"),
        companyId ? or(eq(projects.companyId, companyId), isNull(projects.companyId)) : undefined,
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id))
    .limit(500);
  return rows.map((row) => ({ ...row, budgetHours: Number(row.budgetHours) }));
}
