import { type SQL, sql } from "drizzle-orm";
import { isTaskOverdue, type Task, type TaskPriority, type TaskStatus } from "#domain/schemas/tasks.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { type Caller, iso } from "../projects/delivery-scope.ts";

type Row = {
  id: string;
  project_id: string | null;
  project_name: string | null;
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  position: string;
  due_date: Date | string | null;
  milestone: boolean;
  recurrence: "weekly" | "monthly" | null;
  checklist: Task["checklist"];
  version: number;
  assignees: { id: string; name: string }[] | null;
  depends_on: string[] | null;
  depends_on_named?: { id: string; title: string }[];
  created_at: Date | string;
};

type Assignee = { task_id: string; id: string; name: string };
type Dependencies = { task_id: string; depends_on: string[]; named: { id: string; title: string }[] | null };

/** With scope "own": tasks of the caller's projects, assigned to it or created by it (alias t). */
export function ownTasksFilter(caller: Caller): SQL {
  if (caller.scope === "all") return sql`true`;
  return sql`(t.created_by = ${caller.user.id}
    OR t.id IN (SELECT ta.task_id FROM task_assignees ta WHERE ta.agency_id = ${caller.agencyId} AND ta.user_id = ${caller.user.id})
    OR t.project_id IN (SELECT pm.project_id FROM project_members pm
                        WHERE pm.agency_id = ${caller.agencyId} AND pm.user_id = ${caller.user.id}))`;
}

/** A task row as read, with its list key: the due date as exact text (microseconds; a JS Date keeps ms). */
export type TaskRow = Omit<Row, "assignees" | "depends_on"> & { due_key: string | null };

/** The columns of a task row (alias t, its project p). */
export const TASK_COLUMNS = sql`t.id, t.project_id, p.name AS project_name, t.title, t.description, t.status,
  t.priority, t.position, t.due_date, t.milestone, t.recurrence, t.checklist, t.version, t.created_at,
  to_char(t.due_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS due_key`;

/** Tasks of live projects of the caller's agency that it reaches (alias t; followed by AND …). */
export const reachableTasks = (caller: Caller) => sql`FROM tasks t
  JOIN projects p ON p.id = t.project_id AND p.agency_id = t.agency_id AND p.deleted_at IS NULL
  WHERE t.agency_id = ${caller.agencyId} AND ${ownTasksFilter(caller)}`;

/** Tasks of live projects that the caller reaches, with assignees and dependencies. */
export async function selectTasks(tx: Queryable, caller: Caller, where: SQL, tail: SQL, now: Date): Promise<Task[]> {
  const rows = await queryRows<TaskRow>(tx, sql`SELECT ${TASK_COLUMNS} ${reachableTasks(caller)} AND ${where} ${tail}`);
  return withPeopleAndDependencies(tx, caller, rows, now);
}

/**
 * Rows made tasks: assignees and dependencies are read for the whole page at once (a board holds
 * 200 cards: per-row subqueries cost a probe each with their row policies;
 * docs/decisions/016-delivery-model.md).
 */
export async function withPeopleAndDependencies(
  tx: Queryable,
  caller: Caller,
  rows: TaskRow[],
  now: Date,
): Promise<Task[]> {
  if (rows.length === 0) return [];
  const ids = sql`${`{${rows.map((r) => r.id).join(",")}}`}::uuid[]`;
  // Both lists in one statement (a round trip and a planning fewer per page), each as JSON.
  const [lists] = await queryRows<{ assignees: Assignee[]; dependencies: Dependencies[] }>(
    tx,
    sql`SELECT
      -- Assignees are the agency's members: naming the agency lets the profiles come from its
      -- index (~500 rows) where the row policy's OR left the planner a scan of every profile.
      (SELECT coalesce(json_agg(json_build_object('task_id', ta.task_id, 'id', pr.id,
                 'name', coalesce(nullif(trim(pr.first_name || ' ' || pr.last_name), ''), pr.email))
               ORDER BY ta.created_at, ta.user_id), '[]')
         FROM task_assignees ta JOIN profiles pr ON pr.id = ta.user_id AND pr.agency_id = ${caller.agencyId}
        WHERE ta.agency_id = ${caller.agencyId} AND ta.task_id = ANY(${ids})) AS assignees,
      -- One index probe per task of the page. As "d.task_id = ANY(page)" the planner read every
      -- dependency of the agency (or the table) and filtered; the aggregate keeps the lateral
      -- subquery from being flattened into such a join. Titles only of the tasks the caller reaches.
      (SELECT coalesce(json_agg(json_build_object('task_id', page.id, 'depends_on', deps.ids, 'named', deps.named)), '[]')
         FROM unnest(${ids}) AS page(id)
         CROSS JOIN LATERAL (SELECT array_agg(d.depends_on_id) AS ids,
                                    json_agg(json_build_object('id', dt.id, 'title', dt.title)
                                             ORDER BY dt.title, dt.id) FILTER (WHERE dt.id IS NOT NULL) AS named
                             FROM task_dependencies d
                             LEFT JOIN tasks dt ON dt.agency_id = d.agency_id AND dt.id = d.depends_on_id
                             WHERE d.agency_id = ${caller.agencyId} AND d.task_id = page.id) deps
        WHERE deps.ids IS NOT NULL) AS dependencies`,
  );
  const { assignees, dependencies } = lists;
  const byTask = <T>(list: T[], key: (item: T) => string) => {
    const grouped = new Map<string, T[]>();
    for (const item of list) {
      const group = grouped.get(key(item));
      if (group) group.push(item);
      else grouped.set(key(item), [item]);
    }
    return grouped;
  };
  const assigneesOf = byTask(assignees, (a) => a.task_id);
  const dependenciesOf = new Map(dependencies.map((d) => [d.task_id, d]));
  return rows.map((r) =>
    toTask(
      {
        ...r,
        assignees: (assigneesOf.get(r.id) ?? []).map(({ id, name }) => ({ id, name })),
        depends_on: dependenciesOf.get(r.id)?.depends_on ?? [],
        depends_on_named: dependenciesOf.get(r.id)?.named ?? [],
      },
      now,
    ),
  );
}

function toTask(r: Row, now: Date): Task {
  const dueDate = iso(r.due_date);
  return {
    id: r.id,
    projectId: r.project_id,
    projectName: r.project_name,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    position: r.position,
    dueDate,
    isOverdue: isTaskOverdue({ dueDate, status: r.status }, now),
    milestone: r.milestone,
    recurrence: r.recurrence,
    checklist: r.checklist ?? [],
    assignees: r.assignees ?? [],
    dependsOnIds: r.depends_on ?? [],
    dependsOn: r.depends_on_named ?? [],
    version: r.version,
    createdAt: iso(r.created_at) ?? "",
  };
}
