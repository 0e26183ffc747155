import { type SQL, sql } from "drizzle-orm";
import type { TimeEntry } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { iso, personName } from "../projects/delivery-scope.ts";

export type EntryRow = {
  id: string;
  user_id: string;
  user_name: string;
  project_id: string;
  project_name: string;
  task_id: string | null;
  task_title: string | null;
  description: string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  billable: boolean;
  rate_cents: string | number;
  approved_at: Date | string | null;
  invoice_id: string | null;
};

/** Time entries of the agency (alias e) with who, project and task, as rows of EntryRow; `where` narrows. */
export const entryRowsSql = (agencyId: string, where: SQL, tail: SQL): SQL =>
  sql`SELECT e.id, e.user_id, ${personName("pr")} AS user_name, e.project_id, p.name AS project_name, e.task_id,
          t.title AS task_title, e.description, e.started_at, e.ended_at, e.billable, e.rate_cents, e.approved_at, e.invoice_id
        FROM time_entries e
        JOIN projects p ON p.id = e.project_id AND p.agency_id = e.agency_id
        LEFT JOIN tasks t ON t.id = e.task_id AND t.agency_id = e.agency_id
        LEFT JOIN profiles pr ON pr.id = e.user_id
        WHERE e.agency_id = ${agencyId} AND ${where} ${tail}`;

export async function selectEntries(
  tx: Queryable,
  agencyId: string,
  where: SQL,
  tail: SQL,
  now: Date,
): Promise<TimeEntry[]> {
  const rows = await queryRows<EntryRow>(tx, entryRowsSql(agencyId, where, tail));
  return rows.map((r) => toEntry(r, now));
}

export function toEntry(r: EntryRow, now: Date): TimeEntry {
  const start = new Date(r.started_at);
  const end = r.ended_at ? new Date(r.ended_at) : now;
  return {
    id: r.id,
    userId: r.user_id,
    userName: r.user_name ?? "",
    projectId: r.project_id,
    projectName: r.project_name,
    taskId: r.task_id,
    taskTitle: r.task_title,
    description: r.description,
    startedAt: start.toISOString(),
    endedAt: iso(r.ended_at),
    minutes: Math.max(0, Math.round((end.getTime() - start.getTime()) / 60000)),
    billable: r.billable,
    rateCents: Number(r.rate_cents),
    approvedAt: iso(r.approved_at),
    invoiced: r.invoice_id !== null,
  };
}
