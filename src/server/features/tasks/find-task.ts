import { sql } from "drizzle-orm";
import { type Task, TASK_MESSAGES } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { selectTasks } from "./task-rows.ts";

/**
 * A task the caller reaches (its row locked when `forUpdate`), else 404. The lock is FOR NO KEY
 * UPDATE, what an UPDATE of its columns takes: it still lets other transactions insert rows that
 * reference the task (a dependency's foreign key check), which FOR UPDATE would block into a deadlock
 * with the project's dependency lock (task-dependencies.ts).
 */
export async function findTaskOr404(
  tx: Queryable,
  caller: Caller,
  taskId: string,
  now: Date,
  forUpdate = false,
): Promise<Task> {
  const [task] = await selectTasks(
    tx,
    caller,
    sql`t.id = ${taskId}`,
    forUpdate ? sql`FOR NO KEY UPDATE OF t` : sql``,
    now,
  );
  if (!task) throw new AppError("not_found", TASK_MESSAGES.notFound);
  return task;
}
