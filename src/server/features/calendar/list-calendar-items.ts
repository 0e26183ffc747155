import { sql } from "drizzle-orm";
import type { CalendarItem } from "#domain/schemas/calendar.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { type Caller, iso, ownProjectsFilter } from "../projects/delivery-scope.ts";
import { ownTasksFilter } from "../tasks/task-rows.ts";

type Row = {
  kind: CalendarItem["kind"];
  id: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  project_id: string | null;
  project_name: string | null;
};

/**
 * What falls between two instants: task due dates (milestones apart), project due dates and
 * meetings, each as the caller's scope allows.
 */
export async function listCalendarItems(tx: Queryable, caller: Caller, from: Date, to: Date): Promise<CalendarItem[]> {
  const range = (column: string) =>
    sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz AND ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;
  const meetingScope =
    caller.scope === "all"
      ? sql`true`
      : sql`(m.created_by = ${caller.user.id} OR m.id IN (SELECT ma.meeting_id FROM meeting_attendees ma
          WHERE ma.agency_id = ${caller.agencyId} AND ma.user_id = ${caller.user.id}))`;
  const rows = await queryRows<Row>(
    tx,
    sql`SELECT CASE WHEN t.milestone THEN 'milestone' ELSE 'task' END AS kind, t.id, t.title, t.due_date AS starts_at,
          NULL::timestamptz AS ends_at, p.id AS project_id, p.name AS project_name
        FROM tasks t JOIN projects p ON p.id = t.project_id AND p.agency_id = t.agency_id AND p.deleted_at IS NULL
        WHERE t.agency_id = ${caller.agencyId} AND ${range("t.due_date")} AND ${ownTasksFilter(caller)}
      UNION ALL
        SELECT 'project_due', p.id, p.name, p.due_date, NULL, p.id, p.name FROM projects p
        WHERE p.agency_id = ${caller.agencyId} AND p.deleted_at IS NULL AND ${range("p.due_date")} AND ${ownProjectsFilter(caller)}
      UNION ALL
        SELECT 'meeting', m.id, m.title, m.starts_at, m.ends_at, m.project_id, mp.name FROM meetings m
        LEFT JOIN projects mp ON mp.id = m.project_id AND mp.agency_id = m.agency_id
        WHERE m.agency_id = ${caller.agencyId} AND ${range("m.starts_at")} AND ${meetingScope}
      ORDER BY starts_at, id LIMIT 2000`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: r.title,
    startsAt: iso(r.starts_at) ?? "",
    endsAt: iso(r.ends_at),
    projectId: r.project_id,
    projectName: r.project_name,
  }));
}
