import type { CreateTaskBody } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import { tasks } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findProjectOr404 } from "../projects/find-project.ts";
import { TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import { positionAtEnd } from "./board-position.ts";
import { setTaskDependencies } from "./task-dependencies.ts";
import { setTaskAssignees } from "./task-assignees.ts";

/** A task at the end of its column; assignees are notified, the project's timeline records it. */
export async function createTask(tx: Queryable, caller: Caller, body: CreateTaskBody): Promise<{ id: string }> {
  const { agencyId } = caller;
  await findProjectOr404(tx, caller, body.projectId, { message: TASK_MESSAGES.projectNotFound });
  const status = body.status ?? "pending";
  const [task] = await tx
    .insert(tasks)
    .values({
      agencyId,
      projectId: body.projectId,
      title: body.title,
      description: body.description ?? null,
      status,
      priority: body.priority ?? "media",
      dueDate: body.dueDate ? new Date(body.dueDate) : null,
      checklist: body.checklist ?? [],
      recurrence: body.recurrence ?? null,
      milestone: body.milestone ?? false,
      position: await positionAtEnd(tx, agencyId, body.projectId, status),
      createdBy: caller.user.id,
    })
    .returning({ id: tasks.id });
  const ref = { id: task.id, title: body.title, projectId: body.projectId };
  if (body.assigneeIds?.length) await setTaskAssignees(tx, caller, ref, body.assigneeIds);
  if (body.dependsOnIds?.length) await setTaskDependencies(tx, caller.agencyId, ref, body.dependsOnIds);
  await recordTimelineEvent(tx, {
    agencyId,
    recordType: "project",
    recordId: body.projectId,
    kind: "task_created",
    actorId: caller.user.id,
    details: { taskId: task.id, title: body.title },
  });
  return task;
}
