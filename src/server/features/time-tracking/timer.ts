import { and, eq, isNull, sql } from "drizzle-orm";
import { type StartTimerBody, TIME_MESSAGES as M, type TimeEntry } from "#domain/schemas/time-entries.ts";
import type { Queryable } from "../../db/client.ts";
import { timeEntries } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";
import { findTaskOr404 } from "../tasks/find-task.ts";
import { selectEntries } from "./entry-rows.ts";
import { assertPeriodOpen, rateFor } from "./entry-rules.ts";

/** The caller's running timer, if any (from any tab or device: it lives in the database). */
export async function runningTimer(tx: Queryable, caller: Caller, now: Date): Promise<TimeEntry | null> {
  const [entry] = await selectEntries(
    tx,
    caller.agencyId,
    sql`e.user_id = ${caller.user.id} AND e.ended_at IS NULL`,
    sql`LIMIT 1`,
    now,
  );
  return entry ?? null;
}

/**
 * Stops the caller's running timer (capped at 24 h), with the rate in force. Returns its id, or
 * null when none runs.
 */
export async function stopRunningTimer(tx: Queryable, caller: Caller, now: Date): Promise<string | null> {
  const [running] = await tx
    .update(timeEntries)
    .set({
      endedAt: sql`least(${now.toISOString()}::timestamptz, ${timeEntries.startedAt} + interval '24 hours')`,
      updatedAt: now,
    })
    .where(
      and(
        eq(timeEntries.agencyId, caller.agencyId),
        eq(timeEntries.userId, caller.user.id),
        isNull(timeEntries.endedAt),
      ),
    )
    .returning({ id: timeEntries.id, projectId: timeEntries.projectId });
  if (!running) return null;
  await tx
    .update(timeEntries)
    .set({ rateCents: await rateFor(tx, caller.agencyId, caller.user.id, running.projectId) })
    .where(and(eq(timeEntries.agencyId, caller.agencyId), eq(timeEntries.id, running.id)));
  return running.id;
}

/**
 * Starts a timer, stopping the one running. Two starts racing (two devices) cannot both win: the
 * partial unique index time_entries_one_running_idx refuses the second insert (see routes.ts).
 */
export async function startTimer(
  tx: Queryable,
  caller: Caller,
  body: StartTimerBody,
  now: Date,
): Promise<{ id: string }> {
  await findProjectOr404(tx, caller, body.projectId, { message: M.projectRequired });
  if (body.taskId) {
    const task = await findTaskOr404(tx, caller, body.taskId, now);
    if (task.projectId !== body.projectId) throw new AppError("validation_failed", M.projectRequired);
  }
  await assertPeriodOpen(tx, {
    agencyId: caller.agencyId,
    userId: caller.user.id,
    projectId: body.projectId,
    start: now,
    end: now,
  });
  await stopRunningTimer(tx, caller, now);
  const [entry] = await tx
    .insert(timeEntries)
    .values({
      agencyId: caller.agencyId,
      userId: caller.user.id,
      projectId: body.projectId,
      taskId: body.taskId ?? null,
      description: body.description ?? null,
      billable: body.billable ?? true,
      startedAt: now,
    })
    .returning({ id: timeEntries.id });
  return entry;
}
