import { and, eq, sql } from "drizzle-orm";
import { TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { taskDependencies } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { uuidList } from "../projects/delivery-scope.ts";

type TaskRef = { id: string; projectId: string };

/** Replaces what a task depends on: tasks of the same project, never itself, never in a circle. */
export async function setTaskDependencies(
  tx: Queryable,
  agencyId: string,
  task: TaskRef,
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
    await lockProjectDependencies(tx, task.projectId);
    if (await waitsOnItself(tx, agencyId, task.id, ids))
      throw new AppError("validation_failed", TASK_MESSAGES.dependencyLoop);
  }
  await tx
    .delete(taskDependencies)
    .where(and(eq(taskDependencies.agencyId, agencyId), eq(taskDependencies.taskId, task.id)));
  if (ids.length) {
    await tx.insert(taskDependencies).values(ids.map((dependsOnId) => ({ agencyId, taskId: task.id, dependsOnId })));
  }
}

/**
 * One writer of a project's dependencies at a time, until its transaction ends: two edits that each
 * close half of a circle (A waits on B, B on A) would each find no circle in what is committed.
 */
async function lockProjectDependencies(tx: Queryable, projectId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`task-dependencies:${projectId}`}, 0))`);
}

/** Whether the task is among what the given tasks wait for, directly or through others. */
async function waitsOnItself(tx: Queryable, agencyId: string, taskId: string, ids: string[]): Promise<boolean> {
  const [row] = await queryRows<{ loops: boolean }>(
    tx,
    sql`WITH RECURSIVE upstream(id) AS (
          SELECT id FROM unnest(ARRAY[${uuidList(ids)}]) AS chosen(id)
          UNION
          SELECT d.depends_on_id FROM task_dependencies d JOIN upstream u ON d.task_id = u.id
           WHERE d.agency_id = ${agencyId})
        SELECT EXISTS (SELECT 1 FROM upstream WHERE id = ${taskId}) AS loops`,
  );
  return row?.loops === true;
}
