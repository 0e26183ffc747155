import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";
import { type Caller, ownProjectsFilter } from "./delivery-scope.ts";

export type ClientCompany = {
  id: string;
  name: string;
  activeProjects: number;
  minutesThisMonth: number;
  openTasks: number;
};

/** Client companies of the caller's projects: active projects, hours this month, open tasks. */
export async function listClientCompanies(tx: Queryable, caller: Caller, monthStart: Date): Promise<ClientCompany[]> {
  const rows = await queryRows<{ id: string; name: string; active: number; minutes: number; open_tasks: number }>(
    tx,
    sql`WITH mine AS (
          SELECT p.id, p.company_id, p.status FROM projects p
          WHERE p.agency_id = ${caller.agencyId} AND p.deleted_at IS NULL AND p.company_id IS NOT NULL
            AND ${ownProjectsFilter(caller)})
        SELECT co.id, co.name,
          (SELECT count(*)::int FROM mine m WHERE m.company_id = co.id AND m.status NOT IN ('concluido', 'cancelado')) AS active,
          (SELECT coalesce(sum(extract(epoch FROM (te.ended_at - te.started_at)) / 60), 0)::int FROM time_entries te
             WHERE te.agency_id = ${caller.agencyId} AND te.project_id IN (SELECT m.id FROM mine m WHERE m.company_id = co.id)
               AND te.started_at >= ${monthStart.toISOString()}::timestamptz AND te.ended_at IS NOT NULL) AS minutes,
          (SELECT count(*)::int FROM tasks t WHERE t.agency_id = ${caller.agencyId} AND t.status <> 'completed'
             AND t.project_id IN (SELECT m.id FROM mine m WHERE m.company_id = co.id)) AS open_tasks
        FROM companies co
        WHERE co.agency_id = ${caller.agencyId} AND co.deleted_at IS NULL
          AND co.id IN (SELECT company_id FROM mine)
        ORDER BY co.name, co.id LIMIT 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    activeProjects: r.active,
    minutesThisMonth: r.minutes,
    openTasks: r.open_tasks,
  }));
}

/** Members of the agency, for the assignee, member and attendee pickers. */
export async function listAgencyPeople(tx: Queryable, agencyId: string) {
  return queryRows<{ id: string; name: string }>(
    tx,
    sql`SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name
        FROM profiles WHERE agency_id = ${agencyId} ORDER BY name, id LIMIT 1000`,
  );
}
