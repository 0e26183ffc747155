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
import { pageWithCursor } from "../../db/keyset-cursor.ts";
import { decodePositionCursor, encodePositionCursor } from "./task-cursor.ts";
import { taskFilter } from "./task-filters.ts";
import { reachableTasks, TASK_COLUMNS, type TaskRow, withPeopleAndDependencies } from "./task-rows.ts";

const byPosition = (r: TaskRow) => encodePositionCursor({ position: r.position, id: r.id });

type BoardRow = Partial<TaskRow> & { column_status: TaskStatus; column_count: number };

/**
 * A board's first load: each status column's first 50 cards by position key (then id) and its
 * count, from one statement (a lateral count and page per status); the cards' people and
 * dependencies from one read for the whole board.
 */
export async function loadTaskBoard(
  tx: Queryable,
  caller: Caller,
  query: TaskBoardQuery,
  now: Date,
): Promise<TaskBoardData> {
  const filter = taskFilter(caller, query, now);
  const rows = await queryRows<BoardRow>(
    tx,
    sql`SELECT s.status AS column_status, n.count AS column_count, c.*
        FROM unnest(${`{${TASK_STATUSES.join(",")}}`}::text[]) WITH ORDINALITY AS s(status, place)
        CROSS JOIN LATERAL (SELECT count(*)::int AS count ${reachableTasks(caller)} AND ${filter}
                              AND t.status = s.status) n
        LEFT JOIN LATERAL (SELECT ${TASK_COLUMNS} ${reachableTasks(caller)} AND ${filter} AND t.status = s.status
                           ORDER BY t.position, t.id LIMIT ${TASK_PAGE_SIZE + 1}) c ON true
        ORDER BY s.place, c.position, c.id`,
  );
  const columns = TASK_STATUSES.map((status) => {
    const own = rows.filter((r) => r.column_status === status);
    const cards = own.filter((r): r is BoardRow & TaskRow => Boolean(r.id));
    return { status, count: own[0]?.column_count ?? 0, ...pageWithCursor(cards, TASK_PAGE_SIZE, byPosition) };
  });
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
  const { page, nextCursor } = pageWithCursor(rows, TASK_PAGE_SIZE, byPosition);
  return { tasks: await withPeopleAndDependencies(tx, caller, page, now), nextCursor };
}
