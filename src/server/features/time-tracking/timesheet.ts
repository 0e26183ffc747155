import { sql } from "drizzle-orm";
import type { Timesheet } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { type EntryRow, entryRowsSql, toEntry } from "./entry-rows.ts";

/** Monday (yyyy-mm-dd) of the week holding `date`, in the given timezone. */
export function mondayOf(date: Date, timeZone: string): string {
  const local = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  const d = new Date(`${local}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

type SheetRow = { week: string; days: { day: string; minutes: number }[]; entries: EntryRow[] };

/**
 * The week (Monday given, else this week's in the agency's timezone), its start and end, once per
 * statement; read through scalar subqueries, so each bound is a parameter the index condition takes.
 */
const weekOf = (agencyId: string, week: string | null, now: string) => sql`SELECT w.monday, w.zone,
          w.monday::timestamp AT TIME ZONE w.zone AS from_at, (w.monday + 7)::timestamp AT TIME ZONE w.zone AS to_at
        FROM (SELECT coalesce(${week}::date, date_trunc('week', ${now}::timestamptz AT TIME ZONE z.zone)::date) AS monday, z.zone
              FROM (SELECT coalesce((SELECT a.timezone FROM agencies a WHERE a.id = ${agencyId}), 'America/Sao_Paulo') AS zone) z) w`;

/**
 * A person's week: entries and the total per day (Monday to Sunday, agency timezone), in one
 * statement (one round trip): the week, the minutes per day and the entries as JSON.
 */
export async function weeklyTimesheet(
  tx: Queryable,
  caller: Caller,
  userId: string,
  week: string | undefined,
  now: Date,
): Promise<Timesheet> {
  const at = now.toISOString();
  const inWeek = sql`e.user_id = ${userId} AND e.started_at >= (SELECT from_at FROM week) AND e.started_at < (SELECT to_at FROM week)`;
  const [row] = await queryRows<SheetRow>(
    tx,
    sql`WITH week AS (${weekOf(caller.agencyId, week ?? null, at)})
        SELECT (SELECT monday::text FROM week) AS week,
          (SELECT coalesce(json_agg(d), '[]') FROM (
            SELECT to_char((e.started_at AT TIME ZONE (SELECT zone FROM week))::date, 'YYYY-MM-DD') AS day,
              round(sum(extract(epoch FROM coalesce(e.ended_at, ${at}::timestamptz) - e.started_at)) / 60)::int AS minutes
            FROM time_entries e
            WHERE e.agency_id = ${caller.agencyId} AND ${inWeek}
            GROUP BY 1) d) AS days,
          (SELECT coalesce(json_agg(r ORDER BY r.started_at, r.id), '[]') FROM (
            ${entryRowsSql(caller.agencyId, inWeek, sql`ORDER BY e.started_at, e.id LIMIT 1000`)}) r) AS entries`,
  );
  const monday = row.week;
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, minutes: row.days.find((d) => d.day === date)?.minutes ?? 0 };
  });
  const entries = row.entries.map((entry) => toEntry(entry, now));
  return { week: monday, userId, days, totalMinutes: days.reduce((sum, d) => sum + d.minutes, 0), entries };
}
