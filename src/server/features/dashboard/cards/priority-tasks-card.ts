import { type SQL, sql } from "drizzle-orm";
import { PRIORITY_TASK_LIMIT, type PriorityTask } from "#domain/schemas/dashboard.ts";
import { queryRows } from "../../../db/client.ts";
import { type CardContext, defineCard } from "../dashboard-card.ts";

type TaskRow = {
  id: string;
  title: string;
  project_name: string | null;
  priority: string;
  status: string;
  due_date: Date | string | null;
};

/**
 * The tasks the caller may see: every task with the tasks module in scope "all"; otherwise its
 * own (assigned to it) and those of the projects it sees.
 */
function visibleTasks(ctx: CardContext): SQL {
  if (ctx.canView("tasks") && ctx.scopeOf("tasks") === "all") return sql`true`;
  const ownTasks = ctx.canView("tasks")
    ? sql`t.id IN (SELECT ta.task_id FROM task_assignees ta WHERE ta.agency_id = ${ctx.agencyId} AND ta.user_id = ${ctx.user.id})`
    : sql`false`;
  if (!ctx.canView("projects")) return ownTasks;
  if (ctx.scopeOf("projects") === "all") return sql`(${ownTasks} OR t.project_id IS NOT NULL)`;
  return sql`(${ownTasks} OR p.owner_id = ${ctx.user.id} OR t.project_id IN (SELECT pm.project_id FROM project_members pm
    WHERE pm.agency_id = ${ctx.agencyId} AND pm.user_id = ${ctx.user.id}))`;
}

/**
 * Open tasks, most urgent first: priority alta > media > baixa, then the nearest due date. The
 * order is tasks_agency_open_priority_idx's (migration 0046, the same CASE), so the page is the
 * index's first rows, not a sort of every open task. Exported so a test can EXPLAIN it.
 */
export function priorityTasksQuery(ctx: CardContext): SQL {
  return sql`SELECT t.id, t.title, p.name AS project_name, t.priority, t.status, t.due_date
          FROM tasks t
          LEFT JOIN projects p ON p.id = t.project_id AND p.agency_id = t.agency_id
          WHERE t.agency_id = ${ctx.agencyId} AND t.status <> 'completed' AND p.deleted_at IS NULL AND ${visibleTasks(ctx)}
          ORDER BY CASE t.priority WHEN 'alta' THEN 0 WHEN 'media' THEN 1 WHEN 'baixa' THEN 2 ELSE 3 END,
                   t.due_date ASC NULLS LAST, t.id
          LIMIT ${PRIORITY_TASK_LIMIT}`;
}

export const priorityTasksCard = defineCard({
  key: "priorityTasks",
  modules: ["tasks", "projects"],
  load: async (tx, ctx) => {
    const rows = await queryRows<TaskRow>(tx, priorityTasksQuery(ctx));
    return rows.map((row) => toPriorityTask(row, ctx.now));
  },
});

function toPriorityTask(row: TaskRow, now: Date): PriorityTask {
  const due = row.due_date ? new Date(row.due_date) : null;
  return {
    id: row.id,
    title: row.title,
    projectName: row.project_name,
    priority: row.priority,
    status: row.status,
    dueDate: due ? due.toISOString() : null,
    isOverdue: due !== null && due.getTime() < now.getTime(),
  };
}
