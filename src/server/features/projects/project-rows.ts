import { type SQL, sql } from "drizzle-orm";
import type { ProjectDetail, ProjectStatus, ProjectSummary } from "#domain/schemas/projects.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { type Caller, iso, ownProjectsFilter, personName } from "./delivery-scope.ts";

type SummaryRow = {
  id: string;
  name: string;
  status: ProjectStatus;
  company_id: string | null;
  company_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  budget_cents: string | number;
  budget_hours: string;
  tags: string[];
  tasks_done: number;
  tasks_total: number;
  minutes_used: number;
  created_at: Date | string;
  exact_created_at: string;
};

/**
 * Projects with their progress (done/total tasks, minutes used), visible to the caller, not
 * deleted; `where` narrows further (alias p). The counts read the board and time indexes per project.
 */
export async function selectProjectSummaries(
  tx: Queryable,
  caller: Caller,
  where: SQL,
  tail: SQL = sql``,
): Promise<(ProjectSummary & { exactCreatedAt: string })[]> {
  const rows = await queryRows<SummaryRow>(
    tx,
    sql`SELECT p.id, p.name, p.status, p.company_id, co.name AS company_name, p.owner_id,
          ${personName("ow")} AS owner_name, p.start_date, p.due_date, p.budget_cents, p.budget_hours::text,
          p.tags, p.created_at, p.created_at::text AS exact_created_at,
          (SELECT count(*)::int FROM tasks t WHERE t.agency_id = p.agency_id AND t.project_id = p.id
             AND t.status = 'completed') AS tasks_done,
          (SELECT count(*)::int FROM tasks t WHERE t.agency_id = p.agency_id AND t.project_id = p.id) AS tasks_total,
          (SELECT coalesce(sum(extract(epoch FROM (te.ended_at - te.started_at)) / 60), 0)::int FROM time_entries te
             WHERE te.agency_id = p.agency_id AND te.project_id = p.id AND te.ended_at IS NOT NULL) AS minutes_used
        FROM projects p
        LEFT JOIN companies co ON co.id = p.company_id AND co.agency_id = p.agency_id
        LEFT JOIN profiles ow ON ow.id = p.owner_id
        WHERE p.agency_id = ${caller.agencyId} AND p.deleted_at IS NULL AND ${ownProjectsFilter(caller)} AND ${where}
        ${tail}`,
  );
  return rows.map(toSummary);
}

function toSummary(row: SummaryRow): ProjectSummary & { exactCreatedAt: string } {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    company: row.company_id ? { id: row.company_id, name: row.company_name ?? "" } : null,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? "" } : null,
    startDate: iso(row.start_date),
    dueDate: iso(row.due_date),
    budgetCents: Number(row.budget_cents),
    budgetHours: Number(row.budget_hours),
    tags: row.tags ?? [],
    tasksDone: row.tasks_done,
    tasksTotal: row.tasks_total,
    minutesUsed: row.minutes_used,
    createdAt: iso(row.created_at) ?? "",
    exactCreatedAt: row.exact_created_at,
  };
}

/** One project the caller reaches, with members and billable totals; null when it does not. */
export async function findProjectDetail(
  tx: Queryable,
  caller: Caller,
  projectId: string,
): Promise<ProjectDetail | null> {
  const [summary] = await selectProjectSummaries(tx, caller, sql`p.id = ${projectId}`);
  if (!summary) return null;
  const [extra] = await queryRows<{
    description: string | null;
    deal_id: string | null;
    hourly_rate_cents: string | null;
    billable_minutes: number;
    cost_cents: string;
  }>(
    tx,
    sql`SELECT p.description, p.deal_id, p.hourly_rate_cents,
          (SELECT coalesce(sum(extract(epoch FROM (te.ended_at - te.started_at)) / 60), 0)::int FROM time_entries te
             WHERE te.agency_id = p.agency_id AND te.project_id = p.id AND te.ended_at IS NOT NULL AND te.billable)
             AS billable_minutes,
          (SELECT coalesce(round(sum(extract(epoch FROM (te.ended_at - te.started_at)) / 3600 * te.rate_cents)), 0)::text
             FROM time_entries te WHERE te.agency_id = p.agency_id AND te.project_id = p.id
             AND te.ended_at IS NOT NULL AND te.billable) AS cost_cents
        FROM projects p WHERE p.agency_id = ${caller.agencyId} AND p.id = ${projectId}`,
  );
  const members = await queryRows<{ id: string; name: string }>(
    tx,
    sql`SELECT pr.id, ${personName("pr")} AS name FROM project_members pm JOIN profiles pr ON pr.id = pm.user_id
        WHERE pm.agency_id = ${caller.agencyId} AND pm.project_id = ${projectId} ORDER BY name`,
  );
  const { exactCreatedAt: _, ...rest } = summary;
  return {
    ...rest,
    description: extra.description,
    dealId: extra.deal_id,
    hourlyRateCents: extra.hourly_rate_cents === null ? null : Number(extra.hourly_rate_cents),
    members,
    billableMinutes: extra.billable_minutes,
    costCents: Number(extra.cost_cents),
  };
}
