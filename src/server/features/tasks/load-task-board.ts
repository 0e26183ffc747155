import { sql } from "drizzle-orm";
import {
  TASK_PAGE_SIZE,
  TASK_STATUSES,
  type TaskBoardData,
  type TaskBoardQuery,
  type TaskColumnQuery,
  type TasksPage,
  type TaskStatus,
} from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { decodePositionCursor, encodePositionCursor, pageOf } from "./task-cursor.ts";
import { taskFilter } from "./task-filters.ts";
import { reachableTasks, TASK_COLUMNS, type TaskRow, withPeopleAndDependencies } from "./task-rows.ts";

const byPosition = (r: TaskRow) => encodePositionCursor({ position: r.position, id: r.id });

/**
 * A board's first load: each status column's first 50 cards by position key (then id) and its
 * count. The columns come from one statement (a lateral page per status), their people and
 * dependencies from one read for the whole board.
 */
export async function loadTaskBoard(
  tx: Queryable,
  caller: Caller,
  query: TaskBoardQuery,
  now: Date,
): Promise<TaskBoardData> {
  const filter = taskFilter(caller, query, now);
  const counts = await queryRows<{ status: TaskStatus; n: number }>(
    tx,
    sql`SELECT t.status, count(*)::int AS n ${reachableTasks(caller)} AND ${filter} GROUP BY t.status`,
  );
  const rows = await queryRows<TaskRow>(
    tx,
    sql`SELECT c.* FROM unnest(${`{${TASK_STATUSES.join(",")}}`}::text[]) AS s(status)
        CROSS JOIN LATERAL (SELECT ${TASK_COLUMNS} ${reachableTasks(caller)} AND ${filter} AND t.status = s.status
                            ORDER BY t.position, t.id LIMIT ${TASK_PAGE_SIZE + 1}) c`,
  );
  const columns = TASK_STATUSES.map((status) => ({
    status,
    count: counts.find((c) => c.status === status)?.n ?? 0,
    ...pageOf(
      rows.filter((r) => r.status === status),
      TASK_PAGE_SIZE,
      byPosition,
    ),
  }));
  const tasks = await withPeopleAndDependencies(
    tx,
    caller,
    columns.flatMap((c) => c.page),
    now,
  );
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return {
    columns: columns.map(({ status, count, page, nextCursor }) => ({
      status,
      count,
      tasks: page.flatMap((r) => byId.get(r.id) ?? []),
      nextCursor,
    })),
  };
}

/** The next 50 cards of one column after its cursor's (position, id). */
export async function loadTaskColumn(
  tx: Queryable,
  caller: Caller,
  query: TaskColumnQuery,
  now: Date,
): Promise<TasksPage> {
  const cursor = decodePositionCursor(query.cursor);
  const after = cursor ? sql`(t.position, t.id) > (${cursor.position} COLLATE "C", ${cursor.id}::uuid)` : sql`true`;
  const rows = await queryRows<TaskRow>(
    tx,
    sql`SELECT ${TASK_COLUMNS} ${reachableTasks(caller)} AND ${taskFilter(caller, query, now)} AND ${after}
        ORDER BY t.position, t.id LIMIT ${TASK_PAGE_SIZE + 1}`,
  );
  const { page, nextCursor } = pageOf(rows, TASK_PAGE_SIZE, byPosition);
  return { tasks: await withPeopleAndDependencies(tx, caller, page, now), nextCursor };
}
