import { and, eq } from "drizzle-orm";
import {
  type CreateTimeEntryBody,
  TIME_MESSAGES as M,
  type UpdateTimeEntryBody,
} from "#domain/schemas/time-entries.ts";
import type { Queryable } from "../../db/client.ts";
import { timeEntries } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";
import { findTaskOr404 } from "../tasks/find-task.ts";
import { assertNoOverlap, assertPeriodOpen, assertSpan, rateFor } from "./entry-rules.ts";

/** A manual entry: start and end, or start and a duration. */
export async function createTimeEntry(tx: Queryable, caller: Caller, body: CreateTimeEntryBody, now: Date) {
  const start = new Date(body.startedAt);
  const end = body.endedAt ? new Date(body.endedAt) : new Date(start.getTime() + (body.durationMinutes ?? 0) * 60000);
  assertSpan(start, end, now);
  await findProjectOr404(tx, caller, body.projectId, { message: M.projectRequired });
  if (body.taskId) {
    const task = await findTaskOr404(tx, caller, body.taskId, now);
    if (task.projectId !== body.projectId) throw new AppError("validation_failed", M.projectRequired);
  }
  const entry = { agencyId: caller.agencyId, userId: caller.user.id, projectId: body.projectId, start, end };
  await assertPeriodOpen(tx, entry);
  await assertNoOverlap(tx, entry);
  const [row] = await tx
    .insert(timeEntries)
    .values({
      agencyId: caller.agencyId,
      userId: caller.user.id,
      projectId: body.projectId,
      taskId: body.taskId ?? null,
      description: body.description ?? null,
      startedAt: start,
      endedAt: end,
      billable: body.billable ?? true,
      rateCents: await rateFor(tx, caller.agencyId, caller.user.id, body.projectId),
    })
    .returning({ id: timeEntries.id });
  await recordTimelineEvent(tx, {
    agencyId: caller.agencyId,
    recordType: "time_entry",
    recordId: row.id,
    kind: "created",
    actorId: caller.user.id,
    details: { projectId: body.projectId, minutes: Math.round((end.getTime() - start.getTime()) / 60000) },
  });
  return row;
}

/** An entry the caller may change: its own (or any with scope all), not approved-and-invoiced. */
async function findEditable(tx: Queryable, caller: Caller, entryId: string) {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.agencyId, caller.agencyId), eq(timeEntries.id, entryId)))
    .for("update");
  if (!row || (caller.scope === "own" && row.userId !== caller.user.id)) throw new AppError("not_found", M.notFound);
  if (row.invoiceId && row.approvedAt) throw new AppError("validation_failed", M.locked);
  return row;
}

export async function updateTimeEntry(
  tx: Queryable,
  caller: Caller,
  entryId: string,
  body: UpdateTimeEntryBody,
  now: Date,
) {
  const row = await findEditable(tx, caller, entryId);
  const start = body.startedAt ? new Date(body.startedAt) : row.startedAt;
  const end = body.endedAt ? new Date(body.endedAt) : row.endedAt;
  if (end) {
    const entry = {
      agencyId: caller.agencyId,
      userId: row.userId,
      projectId: row.projectId,
      start,
      end,
      exceptId: row.id,
    };
    // Entries written before these rules (in the future, overlapping) can still get a description.
    const moved = body.startedAt !== undefined || body.endedAt !== undefined;
    if (moved) assertSpan(start, end, now);
    await assertPeriodOpen(tx, entry);
    if (moved) await assertNoOverlap(tx, entry);
  }
  await tx
    .update(timeEntries)
    .set({
      description: body.description,
      startedAt: body.startedAt ? start : undefined,
      endedAt: body.endedAt ? end : undefined,
      billable: body.billable,
      // A change after approval needs a new approval.
      approvedAt: null,
      approvedBy: null,
      updatedAt: now,
    })
    .where(and(eq(timeEntries.agencyId, caller.agencyId), eq(timeEntries.id, entryId)));
}

export async function deleteTimeEntry(tx: Queryable, caller: Caller, entryId: string) {
  await findEditable(tx, caller, entryId);
  await tx.delete(timeEntries).where(and(eq(timeEntries.agencyId, caller.agencyId), eq(timeEntries.id, entryId)));
}
