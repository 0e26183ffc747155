import { and, eq, sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import { type MoveTaskBody, TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { tasks } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { keyNextTo, positionAtEnd } from "./board-position.ts";
import { findTaskOr404 } from "./find-task.ts";
import { afterStatusChange } from "./update-task.ts";

/**
 * A drop on the board: the task gets a key between its new neighbours' keys (fractional
 * indexing), so no other card is renumbered.
 */
export async function moveTask(tx: Queryable, caller: Caller, taskId: string, body: MoveTaskBody, now: Date) {
  const task = await findTaskOr404(tx, caller, taskId, now, true);
  const neighbour = async (id: string | null) => {
    if (!id) return null;
    const [row] = await queryRows<{ position: string }>(
      tx,
      sql`SELECT position FROM tasks WHERE agency_id = ${caller.agencyId} AND id = ${id}
          AND project_id = ${task.projectId} AND status = ${body.status}`,
    );
    if (!row) throw new AppError("validation_failed", TASK_MESSAGES.badPosition);
    return row.position;
  };
  // A board loads a column 50 cards at a time: a drop after the last loaded card (or before the
  // first) names one neighbour; the other is the next card by key, loaded or not.
  const column = { agencyId: caller.agencyId, projectId: task.projectId ?? "", status: body.status, movingId: taskId };
  const after = body.afterId ? await neighbour(body.afterId) : await keyNextTo(tx, column, body.beforeId, "before");
  const before = body.beforeId ? await neighbour(body.beforeId) : await keyNextTo(tx, column, body.afterId, "after");
  if (after !== null && before !== null && after >= before)
    throw new AppError("validation_failed", TASK_MESSAGES.badPosition);
  // No neighbours given (a board across projects): the end of the column.
  const position =
    body.afterId === null && body.beforeId === null
      ? await positionAtEnd(tx, caller.agencyId, task.projectId ?? "", body.status)
      : generateKeyBetween(after, before);
  await tx
    .update(tasks)
    .set({
      status: body.status,
      position,
      version: sql`${tasks.version} + 1`,
      updatedAt: now,
      completedAt: body.status === task.status ? undefined : body.status === "completed" ? now : null,
    })
    .where(and(eq(tasks.agencyId, caller.agencyId), eq(tasks.id, taskId)));
  if (body.status !== task.status)
    await afterStatusChange(tx, caller, { ...task, status: body.status }, task.status, now);
  return { position };
}
