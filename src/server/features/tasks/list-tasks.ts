import { sql } from "drizzle-orm";
import { TASK_PAGE_SIZE, type TaskListQuery, type TasksPage } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { pageWithCursor } from "../../db/keyset-cursor.ts";
import { decodeDueCursor, encodeDueCursor } from "./task-cursor.ts";
import { DUE_ORDER, taskFilter } from "./task-filters.ts";
import { reachableTasks, TASK_COLUMNS, type TaskRow, withPeopleAndDependencies } from "./task-rows.ts";

/**
 * A page of tasks by filters ("minhas tarefas", a project's list, the dependency picker), by due
 * date with none last, then id; the cursor holds the last row's (due date, id).
 */
export async function listTasks(tx: Queryable, caller: Caller, query: TaskListQuery, now: Date): Promise<TasksPage> {
  const cursor = decodeDueCursor(query.cursor);
  const after = cursor
    ? sql`(${DUE_ORDER}, t.id) > (coalesce(${cursor.due}::timestamptz, 'infinity'::timestamptz), ${cursor.id}::uuid)`
    : sql`true`;
  const rows = await queryRows<TaskRow>(
    tx,
    sql`SELECT ${TASK_COLUMNS} ${reachableTasks(caller)} AND ${taskFilter(caller, query, now)} AND ${after}
        ORDER BY ${DUE_ORDER}, t.id LIMIT ${TASK_PAGE_SIZE + 1}`,
  );
  const { page, nextCursor } = pageWithCursor(rows, TASK_PAGE_SIZE, (r) =>
    encodeDueCursor({ due: r.due_key, id: r.id }),
  );
  return { tasks: await withPeopleAndDependencies(tx, caller, page, now), nextCursor };
}
