import { type SQL, sql } from "drizzle-orm";
import { MAX_ENTRY_MS, TIME_MESSAGES as M } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";

/**
 * End after start, at most 24 h (the table's checks say the same; this answers in pt-BR), and not
 * after now: an entry records work done. Compared as instants, so whatever the agency's timezone;
 * and since every entry ends by the time it is written, a timer started later cannot overlap it.
 */
export function assertSpan(start: Date, end: Date, now: Date): void {
  if (end.getTime() <= start.getTime()) throw new AppError("validation_failed", M.endBeforeStart);
  if (end.getTime() - start.getTime() > MAX_ENTRY_MS) throw new AppError("validation_failed", M.overADay);
  if (end.getTime() > now.getTime()) throw new AppError("validation_failed", M.inFuture);
}

type Span = { agencyId: string; userId: string; start: Date; end: Date; exceptId?: string };

/**
 * One person's entries never overlap (their hours would count twice). Checked under a per-person
 * transaction lock, so two entries written at once cannot each miss the other; a running timer
 * counts as reaching as far as it may (24 h). Entries last at most 24 h, so only those started in
 * the day before the span can reach into it: a range of (agency_id, user_id, started_at).
 */
export async function assertNoOverlap(tx: Queryable, span: Span): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`time-entries:${span.userId}`}, 0))`);
  const [start, end] = [span.start.toISOString(), span.end.toISOString()];
  const [row] = await queryRows<{ overlaps: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM time_entries e
          WHERE e.agency_id = ${span.agencyId} AND e.user_id = ${span.userId}
            AND e.started_at < ${end}::timestamptz AND e.started_at > ${start}::timestamptz - interval '24 hours'
            AND coalesce(e.ended_at, e.started_at + interval '24 hours') > ${start}::timestamptz
            AND ${span.exceptId ? sql`e.id <> ${span.exceptId}` : sql`true`}) AS overlaps`,
  );
  if (row?.overlaps) throw new AppError("conflict", M.overlap);
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
