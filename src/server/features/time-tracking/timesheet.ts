import { sql } from "drizzle-orm";
import type { Timesheet } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { selectEntries } from "./entry-rows.ts";

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

/** A person's week: entries and the total per day (Monday to Sunday, agency timezone). */
export async function weeklyTimesheet(
  tx: Queryable,
  caller: Caller,
  userId: string,
  week: string | undefined,
  now: Date,
): Promise<Timesheet> {
  const [agency] = await queryRows<{ timezone: string }>(
    tx,
    sql`SELECT timezone FROM agencies WHERE id = ${caller.agencyId}`,
  );
  const tz = agency?.timezone ?? "America/Sao_Paulo";
  const monday = week ?? mondayOf(now, tz);
  const from = sql`(${monday}::date::timestamp AT TIME ZONE ${tz})`;
  const to = sql`((${monday}::date + 7)::timestamp AT TIME ZONE ${tz})`;
  const entries = await selectEntries(
    tx,
    caller.agencyId,
    sql`e.user_id = ${userId} AND e.started_at >= ${from} AND e.started_at < ${to}`,
    sql`ORDER BY e.started_at, e.id LIMIT 1000`,
    now,
  );
  const perDay = await queryRows<{ day: string; minutes: number }>(
    tx,
    sql`SELECT to_char((e.started_at AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS day,
          round(sum(extract(epoch FROM coalesce(e.ended_at, ${now.toISOString()}::timestamptz) - e.started_at)) / 60)::int AS minutes
        FROM time_entries e
        WHERE e.agency_id = ${caller.agencyId} AND e.user_id = ${userId} AND e.started_at >= ${from} AND e.started_at < ${to}
        GROUP BY 1`,
  );
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, minutes: perDay.find((d) => d.day === date)?.minutes ?? 0 };
  });
  return { week: monday, userId, days, totalMinutes: days.reduce((sum, d) => sum + d.minutes, 0), entries };
}
