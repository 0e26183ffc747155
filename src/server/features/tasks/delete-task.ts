import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { tasks } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { findTaskOr404 } from "./find-task.ts";

/** Deletes a task; time logged on it stays on its project. */
export async function deleteTask(tx: Queryable, caller: Caller, taskId: string, now: Date) {
  const task = await findTaskOr404(tx, caller, taskId, now, true);
  await tx.delete(tasks).where(and(eq(tasks.agencyId, caller.agencyId), eq(tasks.id, taskId)));
  if (task.projectId) {
    await recordTimelineEvent(tx, {
      agencyId: caller.agencyId,
      recordType: "project",
      recordId: task.projectId,
      kind: "task_deleted",
      actorId: caller.user.id,
      details: { taskId, title: task.title },
    });
  }
}
