import { sql } from "drizzle-orm";
import { MAX_ENTRY_MS, TIME_MESSAGES as M } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";

/** End after start and at most 24 h (the table's checks say the same; this answers in pt-BR). */
export function assertSpan(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw new AppError("validation_failed", M.endBeforeStart);
  if (end.getTime() - start.getTime() > MAX_ENTRY_MS) throw new AppError("validation_failed", M.overADay);
}

/**
 * A period is locked once approved and invoiced: no entry may be added or changed on a day (in
 * the agency's timezone) where the same person already has approved, invoiced time on the project.
 */
export async function assertPeriodOpen(
  tx: Queryable,
  entry: { agencyId: string; userId: string; projectId: string; start: Date; end: Date; exceptId?: string },
): Promise<void> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM time_entries e JOIN agencies a ON a.id = e.agency_id
          WHERE e.agency_id = ${entry.agencyId} AND e.user_id = ${entry.userId} AND e.project_id = ${entry.projectId}
            AND e.invoice_id IS NOT NULL AND e.approved_at IS NOT NULL
            AND ${entry.exceptId ? sql`e.id <> ${entry.exceptId}` : sql`true`}
            AND (e.started_at AT TIME ZONE a.timezone)::date
                BETWEEN (${entry.start.toISOString()}::timestamptz AT TIME ZONE a.timezone)::date
                    AND (${entry.end.toISOString()}::timestamptz AT TIME ZONE a.timezone)::date
        ) AS locked`,
  );
  if (row?.locked) throw new AppError("validation_failed", M.locked);
}

/** The hourly rate in force: the project's, else the person's, else zero. */
export async function rateFor(tx: Queryable, agencyId: string, userId: string, projectId: string): Promise<number> {
  const [row] = await queryRows<{ rate: string | null }>(
    tx,
    sql`SELECT coalesce(
          (SELECT hourly_rate_cents FROM projects WHERE agency_id = ${agencyId} AND id = ${projectId}),
          (SELECT rate_cents FROM user_hourly_rates WHERE agency_id = ${agencyId} AND user_id = ${userId}),
          0)::text AS rate`,
  );
  return Number(row?.rate ?? 0);
}
