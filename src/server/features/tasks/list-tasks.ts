import { sql } from "drizzle-orm";
import type { Task, TaskListQuery } from "#domain/schemas/tasks.ts";
import type { Queryable } from "../../db/client.ts";
import type { Caller } from "../projects/delivery-scope.ts";
import { selectTasks } from "./task-rows.ts";

const WEEK = 7 * 86_400_000;

/**
 * Tasks by filters. A project's board is ordered by column and position key; "minhas tarefas"
 * (mine) starts from the caller's assignee rows and orders by due date.
 */
export async function listTasks(tx: Queryable, caller: Caller, query: TaskListQuery, now: Date): Promise<Task[]> {
  const assignee = query.mine === "true" ? caller.user.id : query.assigneeId;
  const where = sql`${query.projectId ? sql`t.project_id = ${query.projectId}` : sql`true`}
    AND ${assignee ? sql`t.id IN (SELECT ta.task_id FROM task_assignees ta WHERE ta.agency_id = ${caller.agencyId} AND ta.user_id = ${assignee})` : sql`true`}
    AND ${query.status ? sql`t.status = ${query.status}` : query.mine === "true" ? sql`t.status <> 'completed'` : sql`true`}
    AND ${query.priority ? sql`t.priority = ${query.priority}` : sql`true`}
    AND ${dueFilter(query.due, now)}`;
  const order = query.projectId
    ? sql`ORDER BY array_position(ARRAY['pending','in_progress','review','completed']::text[], t.status), t.position, t.id`
    : sql`ORDER BY t.due_date ASC NULLS LAST, t.id`;
  return selectTasks(tx, caller, where, sql`${order} LIMIT ${query.limit}`, now);
}

function dueFilter(due: TaskListQuery["due"], now: Date) {
  if (due === "overdue") return sql`t.due_date < ${now.toISOString()}::timestamptz AND t.status <> 'completed'`;
  if (due === "week") {
    return sql`t.due_date >= ${now.toISOString()}::timestamptz AND t.due_date < ${new Date(now.getTime() + WEEK).toISOString()}::timestamptz`;
  }
  if (due === "none") return sql`t.due_date IS NULL`;
  return sql`true`;
}
