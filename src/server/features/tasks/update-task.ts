import { and, eq, sql } from "drizzle-orm";
import { TASK_MESSAGES, type UpdateTaskBody } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import { tasks } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";
import { positionAtEnd } from "./board-position.ts";
import { findTaskOr404 } from "./find-task.ts";
import { spawnNextOccurrence } from "./spawn-next-occurrence.ts";
import { setTaskAssignees } from "./task-assignees.ts";
import { setTaskDependencies } from "./task-dependencies.ts";

/** Edits a task; finishing a recurring one creates its next occurrence. */
export async function updateTask(tx: Queryable, caller: Caller, taskId: string, body: UpdateTaskBody, now: Date) {
  const { agencyId } = caller;
  const task = await findTaskOr404(tx, caller, taskId, now, true);
  if (body.version !== undefined && body.version !== task.version)
    throw new AppError("conflict", TASK_MESSAGES.versionConflict);
  const projectId = body.projectId ?? task.projectId ?? "";
  if (body.projectId && body.projectId !== task.projectId) {
    await findProjectOr404(tx, caller, body.projectId, { message: TASK_MESSAGES.projectNotFound });
  }
  const statusChanged = body.status !== undefined && body.status !== task.status;
  const moved = statusChanged || projectId !== task.projectId;
  await tx
    .update(tasks)
    .set({
      projectId,
      title: body.title,
      description: body.description,
      status: body.status,
      priority: body.priority,
      dueDate: body.dueDate === undefined ? undefined : body.dueDate ? new Date(body.dueDate) : null,
      checklist: body.checklist,
      recurrence: body.recurrence,
      milestone: body.milestone,
      position: moved ? await positionAtEnd(tx, agencyId, projectId, body.status ?? task.status) : undefined,
      completedAt: statusChanged ? (body.status === "completed" ? now : null) : undefined,
      version: sql`${tasks.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(tasks.agencyId, agencyId), eq(tasks.id, taskId)));
  const ref = { id: taskId, title: body.title ?? task.title, projectId };
  if (body.assigneeIds) {
    await setTaskAssignees(
      tx,
      caller,
      ref,
      body.assigneeIds,
      task.assignees.map((a) => a.id),
    );
  }
  if (body.dependsOnIds) await setTaskDependencies(tx, agencyId, ref, body.dependsOnIds);
  if (statusChanged) await afterStatusChange(tx, caller, { ...task, ...withDefined(body) }, task.status, now);
}

const withDefined = ({ version: _seen, ...body }: UpdateTaskBody) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<UpdateTaskBody>;

/** Timeline entry for a status change; a finished recurring task spawns its successor. */
export async function afterStatusChange(
  tx: Queryable,
  caller: Caller,
  task: Parameters<typeof spawnNextOccurrence>[2],
  from: string,
  now: Date,
) {
  await recordTimelineEvent(tx, {
    agencyId: caller.agencyId,
    recordType: "task",
    recordId: task.id,
    kind: "status_changed",
    actorId: caller.user.id,
    details: { from, to: task.status },
  });
  if (task.status === "completed") await spawnNextOccurrence(tx, caller.agencyId, task, caller.user.id, now);
}
