import { and, eq, inArray } from "drizzle-orm";
import { TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import { projectMembers, taskAssignees, tasks } from "../../db/schema.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { assertAgencyMembers, type Caller } from "../projects/delivery-scope.ts";

/**
 * Makes `userIds` the task's assignees: the new ones join the project and are notified.
 * tasks.assignee_id (legacy single assignee) follows the first.
 */
export async function setTaskAssignees(
  tx: Queryable,
  caller: Caller,
  task: { id: string; title: string; projectId: string },
  userIds: readonly string[],
  current: readonly string[] = [],
): Promise<void> {
  const { agencyId } = caller;
  const wanted = [...new Set(userIds)];
  await assertAgencyMembers(tx, agencyId, wanted, TASK_MESSAGES.assigneeNotFound);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (removed.length) {
    await tx
      .delete(taskAssignees)
      .where(
        and(
          eq(taskAssignees.agencyId, agencyId),
          eq(taskAssignees.taskId, task.id),
          inArray(taskAssignees.userId, removed),
        ),
      );
  }
  if (added.length) {
    await tx
      .insert(taskAssignees)
      .values(added.map((userId) => ({ agencyId, taskId: task.id, userId })))
      .onConflictDoNothing();
    await tx
      .insert(projectMembers)
      .values(added.map((userId) => ({ agencyId, projectId: task.projectId, userId })))
      .onConflictDoNothing();
    await notifyUsers(tx, {
      agencyId,
      userIds: added,
      kind: "task_assigned",
      title: TASK_MESSAGES.assigned,
      body: task.title,
      recordType: "task",
      recordId: task.id,
      actorId: caller.user.id,
    });
  }
  await tx
    .update(tasks)
    .set({ assigneeId: wanted[0] ?? null })
    .where(and(eq(tasks.agencyId, agencyId), eq(tasks.id, task.id)));
}
