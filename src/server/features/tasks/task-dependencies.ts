import { and, eq, sql } from "drizzle-orm";
import { TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { taskDependencies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { uuidList } from "../projects/delivery-scope.ts";

/** Replaces what a task depends on: tasks of the same project, never itself. */
export async function setTaskDependencies(
  tx: Queryable,
  agencyId: string,
  task: { id: string; projectId: string },
  dependsOnIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(dependsOnIds)];
  if (ids.includes(task.id)) throw new AppError("validation_failed", TASK_MESSAGES.dependencyCycle);
  if (ids.length) {
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM tasks WHERE agency_id = ${agencyId} AND project_id = ${task.projectId}
          AND id IN (${uuidList(ids)})`,
    );
    if (n !== ids.length) throw new AppError("validation_failed", TASK_MESSAGES.dependencyNotFound);
  }
  await tx
    .delete(taskDependencies)
    .where(and(eq(taskDependencies.agencyId, agencyId), eq(taskDependencies.taskId, task.id)));
  if (ids.length) {
    await tx.insert(taskDependencies).values(ids.map((dependsOnId) => ({ agencyId, taskId: task.id, dependsOnId })));
  }
}
