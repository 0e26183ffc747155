import { sql } from "drizzle-orm";
import { addDays, addMonths, monthOf } from "#domain/calendar-date.ts";
import type { Module } from "#domain/modules.ts";
import type { Role } from "#domain/roles.ts";
import type { TaskColumnQuery, TaskListQuery } from "#domain/schemas/tasks.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { type Database, queryRows, type Tx } from "#server/db/client.ts";
import { type TenantOptions, withTenant } from "#server/db/tenant.ts";
import { callerOf, type Caller } from "#server/features/projects/delivery-scope.ts";
import { listTasks } from "#server/features/tasks/list-tasks.ts";
import { loadTaskBoard, loadTaskColumn } from "#server/features/tasks/load-task-board.ts";
import { hoursReport } from "#server/features/time-tracking/hours-report.ts";
import { mondayOf, weeklyTimesheet } from "#server/features/time-tracking/timesheet.ts";
import type { GenerationReport } from "./scale-data.ts";
import { agencyManager, type PlanResult, planOf, tenantOf } from "./query-plans.ts";
import { recordStatements } from "./recorded-statements.ts";
import { benchUuid } from "./scale-data.ts";
import { benchProjectId, boardProjectNumber } from "./scale-delivery.ts";
import type { TimerLoadResult } from "./timer-load.ts";
import type { Scale } from "./config.ts";

/** Every delivery plan is named "delivery: …" (issue 17). */
export const DELIVERY_PLAN_PREFIX = "delivery: ";
/** Issue 17's bars: tasks p95 ≤ 30 ms, time p95 ≤ 50 ms, on PostgreSQL. */
export const DELIVERY_TASKS_P95_MS = 30;
export const DELIVERY_TIME_P95_MS = 50;
const ZONE = "America/Sao_Paulo";
/** GET routes run read-only, as the server runs them. */
const READ: TenantOptions = { readOnly: true };

export type DeliveryResults = {
  generation?: GenerationReport;
  plans?: PlanResult[];
  timer?: TimerLoadResult;
};

type Request = (tx: Tx) => Promise<unknown>;
type Measured = { name: string; bar: number; user: SessionUser; request: Request };

/** What a delivery route runs in its tenant transaction: the caller's record scope, then the function. */
const asRoute =
  <T>(user: SessionUser, module: Module, fn: (tx: Tx, caller: Caller) => Promise<T>) =>
  async (tx: Tx): Promise<T> =>
    fn(tx, await callerOf(tx, user, user.agencyId as string, module));

/** The cursor of a first page's next page, as the route answers it (the measured next pages start there). */
async function nextCursorOf<T>(
  database: Database,
  user: SessionUser,
  request: (tx: Tx) => Promise<T>,
  pick: (answer: T) => string | null,
): Promise<string> {
  const cursor = pick(await withTenant(database, tenantOf(user), request, READ));
  if (!cursor) throw new Error("bench: the first page has no next page to measure");
  return cursor;
}

/** A bulk user of the large agency (bench agency 1) holding `role` (one of its 500 users). */
async function largeAgencyUser(database: Database, role: Role): Promise<SessionUser> {
  const agencyId = benchUuid("agency", 1);
  const [row] = await queryRows<{ id: string }>(
    database.owner,
    sql`select p.id from profiles p join user_roles r on r.user_id = p.id
         where p.agency_id = ${agencyId} and r.role = ${role} and p.email like 'user%@bench.example.com'
         order by p.email limit 1`,
  );
  return { id: row.id, agencyId, role, isSuperAdmin: false } as SessionUser;
}

/** "Minhas tarefas", the 2,000-task board, the weekly timesheet and the monthly hours report of the large agency. */
async function deliveryRequests(database: Database, scale: Scale): Promise<Measured[]> {
  const manager = agencyManager();
  const member = await largeAgencyUser(database, "team_designer");
  const now = new Date();
  const lastWeek = addDays(mondayOf(now, ZONE), -7);
  const lastMonth = addMonths(monthOf(now.toISOString().slice(0, 10)), -1);
  const month = { from: `${lastMonth}-01`, to: addDays(`${addMonths(lastMonth, 1)}-01`, -1) };
  const board = benchProjectId(boardProjectNumber(scale));
  const tasks = (user: SessionUser, query: TaskListQuery) =>
    asRoute(user, "projetos_tarefas", (tx, caller) => listTasks(tx, caller, query, now));
  const boardLoad = asRoute(manager, "projetos_tarefas", (tx, caller) =>
    loadTaskBoard(tx, caller, { projectId: board }, now),
  );
  const column = (query: TaskColumnQuery) =>
    asRoute(manager, "projetos_tarefas", (tx, caller) => loadTaskColumn(tx, caller, query, now));
  const memberSecond = await nextCursorOf(database, member, tasks(member, { mine: "true" }), (a) => a.nextCursor);
  const boardSecond = await nextCursorOf(database, manager, boardLoad, (a) => a.columns[0].nextCursor);
  const time = (fn: (tx: Tx, caller: Caller) => Promise<unknown>) => asRoute(manager, "projetos_tempo", fn);
  const report = (groupBy: "project" | "client" | "person") =>
    time((tx, caller) => hoursReport(tx, caller, { ...month, groupBy }));
  const tasksBar = DELIVERY_TASKS_P95_MS;
  const timeBar = DELIVERY_TIME_P95_MS;
  return [
    {
      name: "minhas tarefas (team member, own scope)",
      bar: tasksBar,
      user: member,
      request: tasks(member, { mine: "true" }),
    },
    {
      name: "minhas tarefas, second page (team member, own scope)",
      bar: tasksBar,
      user: member,
      request: tasks(member, { mine: "true", cursor: memberSecond }),
    },
    { name: "minhas tarefas (manager)", bar: tasksBar, user: manager, request: tasks(manager, { mine: "true" }) },
    { name: "task board of a 2,000-task project (first load)", bar: tasksBar, user: manager, request: boardLoad },
    {
      name: "task board, next page of a column",
      bar: tasksBar,
      user: manager,
      request: column({ projectId: board, status: "pending", cursor: boardSecond }),
    },
    {
      name: "weekly timesheet of a team member (last week, manager)",
      bar: timeBar,
      user: manager,
      request: time((tx, caller) => weeklyTimesheet(tx, caller, member.id, lastWeek, now)),
    },
    {
      name: "weekly timesheet (own, this week, team member)",
      bar: timeBar,
      user: member,
      request: asRoute(member, "projetos_tempo", (tx, caller) =>
        weeklyTimesheet(tx, caller, member.id, undefined, now),
      ),
    },
    { name: "monthly hours report by project", bar: timeBar, user: manager, request: report("project") },
    { name: "monthly hours report by client", bar: timeBar, user: manager, request: report("client") },
    { name: "monthly hours report by person", bar: timeBar, user: manager, request: report("person") },
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement and p50/p95 of the whole request, in the large agency. */
export async function measureDeliveryPlans(database: Database, scale: Scale): Promise<PlanResult[]> {
  const results: PlanResult[] = [];
  for (const { name, bar, user, request } of await deliveryRequests(database, scale)) {
    const statements = await recordStatements(database, tenantOf(user), READ, request);
    const plan = await planOf(
      database,
      `${DELIVERY_PLAN_PREFIX}${name}`,
      user,
      statements,
      scale.planRuns,
      request,
      READ,
    );
    results.push({ ...plan, barMs: bar });
  }
  return results;
}
