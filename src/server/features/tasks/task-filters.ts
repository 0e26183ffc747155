import { type SQL, sql } from "drizzle-orm";
import type { TaskBoardQuery, TaskListQuery } from "#domain/schemas/tasks.ts";
import { foldedFragmentPattern } from "../../search/folded-text.ts";
import type { Caller } from "../projects/delivery-scope.ts";

const WEEK = 7 * 86_400_000;

/** A task's list order key: the due date, none last (migration 0034's index is on this expression). */
export const DUE_ORDER = sql`coalesce(t.due_date, 'infinity'::timestamptz)`;

/**
 * The filters of a list or a board (alias t). "Minhas tarefas" (mine) starts from the caller's
 * assignee rows and leaves out completed tasks unless a status is asked.
 */
export function taskFilter(caller: Caller, query: TaskBoardQuery & Partial<Pick<TaskListQuery, "q">>, now: Date): SQL {
  const mine = query.mine === "true";
  const assignee = mine ? caller.user.id : query.assigneeId;
  return sql`${query.projectId ? sql`t.project_id = ${query.projectId}` : sql`true`}
    AND ${assignee ? sql`t.id IN (SELECT ta.task_id FROM task_assignees ta WHERE ta.agency_id = ${caller.agencyId} AND ta.user_id = ${assignee})` : sql`true`}
    AND ${query.status ? sql`t.status = ${query.status}` : mine ? sql`t.status <> 'completed'` : sql`true`}
    AND ${query.priority ? sql`t.priority = ${query.priority}` : sql`true`}
    AND ${dueFilter(query.due, now)}
    AND ${query.q ? sql`crm_fold(t.title) LIKE ${foldedFragmentPattern(query.q)}` : sql`true`}`;
}

function dueFilter(due: TaskListQuery["due"], now: Date) {
  if (due === "overdue") return sql`t.due_date < ${now.toISOString()}::timestamptz AND t.status <> 'completed'`;
  if (due === "week") {
    return sql`t.due_date >= ${now.toISOString()}::timestamptz AND t.due_date < ${new Date(now.getTime() + WEEK).toISOString()}::timestamptz`;
  }
  if (due === "none") return sql`t.due_date IS NULL`;
  return sql`true`;
}
