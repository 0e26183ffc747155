import { type SQL, sql } from "drizzle-orm";
import { MAX_ENTRY_MS, TIME_MESSAGES as M } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";

/** End after start and at most 24 h (the table's checks say the same; this answers in pt-BR). */
export function assertSpan(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw new AppError("validation_failed", M.endBeforeStart);
  if (end.getTime() - start.getTime() > MAX_ENTRY_MS) throw new AppError("validation_failed", M.overADay);
}

type PeriodTerms = { agencyId: SQL; userId: SQL; projectId: SQL; start: SQL; end: SQL; exceptId?: SQL };

/**
 * A period is locked once approved and invoiced: no entry may be added or changed on a day (in
 * the agency's timezone) where the same person already has approved, invoiced time on the project.
 * As a SQL boolean over the given terms (parameters, or placeholders of a prepared statement).
 */
export const periodLocked = (t: PeriodTerms): SQL => sql`EXISTS (
          SELECT 1 FROM time_entries e JOIN agencies a ON a.id = e.agency_id
          WHERE e.agency_id = ${t.agencyId} AND e.user_id = ${t.userId} AND e.project_id = ${t.projectId}
            AND e.invoice_id IS NOT NULL AND e.approved_at IS NOT NULL
            AND ${t.exceptId ? sql`e.id <> ${t.exceptId}` : sql`true`}
            AND (e.started_at AT TIME ZONE a.timezone)::date
                BETWEEN (${t.start}::timestamptz AT TIME ZONE a.timezone)::date
                    AND (${t.end}::timestamptz AT TIME ZONE a.timezone)::date)`;

/** The hourly rate in force: the project's, else the person's, else zero (a SQL bigint over the terms). */
export const rateInForce = (agencyId: SQL, userId: SQL, projectId: SQL): SQL => sql`coalesce(
          (SELECT hourly_rate_cents FROM projects WHERE agency_id = ${agencyId} AND id = ${projectId}),
          (SELECT rate_cents FROM user_hourly_rates WHERE agency_id = ${agencyId} AND user_id = ${userId}),
          0)`;

export async function assertPeriodOpen(
  tx: Queryable,
  entry: { agencyId: string; userId: string; projectId: string; start: Date; end: Date; exceptId?: string },
): Promise<void> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT ${periodLocked({
      agencyId: sql`${entry.agencyId}`,
      userId: sql`${entry.userId}`,
      projectId: sql`${entry.projectId}`,
      start: sql`${entry.start.toISOString()}`,
      end: sql`${entry.end.toISOString()}`,
      exceptId: entry.exceptId ? sql`${entry.exceptId}` : undefined,
    })} AS locked`,
  );
  if (row?.locked) throw new AppError("validation_failed", M.locked);
}

export async function rateFor(tx: Queryable, agencyId: string, userId: string, projectId: string): Promise<number> {
  const [row] = await queryRows<{ rate: string | null }>(
    tx,
    sql`SELECT ${rateInForce(sql`${agencyId}`, sql`${userId}`, sql`${projectId}`)}::text AS rate`,
  );
  return Number(row?.rate ?? 0);
}
