import { sql } from "drizzle-orm";
import { queryRows } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { enqueueJob } from "./enqueue-job.ts";

/** How often a recurring job runs: periods start at fixed UTC instants. */
export type Every = { minutes: number } | "day" | "month";

export type RecurringJob = {
  /** A job of JOB_HANDLERS; it receives `{ period }` (the period's ISO start) as payload. */
  name: string;
  every: Every;
  /** Missed periods (the servers were down) enqueued on return, oldest first, at most this many. */
  catchUp: number;
};

/** Every recurring job, one line each; a module adds its own (finance: monthly invoices). */
export const RECURRING_JOBS: RecurringJob[] = [
  { name: "prune_expired_rows", every: { minutes: 10 }, catchUp: 1 },
  // Each run catches up every missed invoice period by itself: one missed hour is enough.
  { name: "generate_recurring_invoices", every: { minutes: 60 }, catchUp: 1 },
  // Likewise for recurring expenses (each run catches up every missed period).
  { name: "generate_recurring_expenses", every: { minutes: 60 }, catchUp: 1 },
  // Each run reminds every invoice that became overdue (on its agency's calendar) since the last.
  { name: "send_overdue_reminders", every: { minutes: 60 }, catchUp: 1 },
  // Each run purges what passed the 30-day undo since the last (in batches; a backlog takes a few runs).
  { name: "purge_deleted_crm_records", every: { minutes: 60 }, catchUp: 1 },
  // Each run queues the backup of every agency whose automatic backup is due (its own frequency).
  { name: "schedule_auto_backups", every: { minutes: 60 }, catchUp: 1 },
];

/** The start of the period `now` is in. */
export function periodStart(every: Every, now: Date): Date {
  if (every === "month") return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  if (every === "day") return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const ms = every.minutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

function previousPeriod(every: Every, start: Date): Date {
  if (every === "month") return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
  if (every === "day") return new Date(start.getTime() - 86_400_000);
  return new Date(start.getTime() - every.minutes * 60_000);
}

/**
 * Periods after `last` up to and including the current one, newest `catchUp` of them, oldest
 * first; a schedule never run starts at the current period.
 */
export function duePeriods(every: Every, last: Date | null, now: Date, catchUp: number): Date[] {
  if (!last) return [periodStart(every, now)];
  const periods: Date[] = [];
  for (
    let start = periodStart(every, now);
    periods.length < Math.max(1, catchUp);
    start = previousPeriod(every, start)
  ) {
    if (start.getTime() <= last.getTime()) break;
    periods.push(start);
  }
  return periods.reverse();
}

/**
 * Enqueues each recurring job's due periods. The schedule row is locked while it is advanced, so
 * however many servers tick at once each period is enqueued once (and its job key dedupes again).
 */
export async function enqueueDueRecurringJobs(deps: Pick<Deps, "database">, now: Date, jobs = RECURRING_JOBS) {
  let enqueued = 0;
  for (const job of jobs) {
    enqueued += await deps.database.owner.transaction(async (tx) => {
      await tx.execute(
        sql`insert into job_schedules (name, last_period) values (${job.name}, 'epoch') on conflict (name) do nothing`,
      );
      const [row] = await queryRows<{ last_period: string }>(
        tx,
        sql`select last_period::text from job_schedules where name = ${job.name} for update`,
      );
      const last = row.last_period.startsWith("1970-01-01") ? null : new Date(row.last_period);
      const periods = duePeriods(job.every, last, now, job.catchUp);
      for (const period of periods) {
        const iso = period.toISOString();
        await enqueueJob(tx, {
          name: job.name,
          payload: { period: iso },
          agencyId: null,
          jobKey: `${job.name}:${iso}`,
        });
      }
      const newest = periods.at(-1);
      if (newest) {
        await tx.execute(sql`update job_schedules set last_period = ${newest.toISOString()} where name = ${job.name}`);
      }
      return periods.length;
    });
  }
  return enqueued;
}
