import { sql } from "drizzle-orm";
import { type Db, type Queryable, queryRows } from "#server/db/client.ts";
import { BENCH_AGENCY_USERS, type Scale } from "./config.ts";
import {
  agencyIdOf,
  bulkLoad,
  idArray,
  positionKey,
  run,
  textArray,
  timed,
  userIdOf,
  userOfAgency,
  v4IdOf,
  v4Uuid,
} from "./scale-sql.ts";

/**
 * Delivery scale data (issue 17): projects over the agencies, tasks with one assignee each (the
 * large agency: its 500 users and 200,000 tasks, 2,000 of them on one board), the assignees as
 * project members, and a year of finished time entries in time order (agencies interleaved, as a
 * live database holds them), the large agency's at a 500-person team's pace.
 */

/** Tables whose secondary indexes are dropped for the bulk insert and rebuilt after. */
const DELIVERY_BULK_TABLES = [
  "projects",
  "tasks",
  "task_assignees",
  "project_members",
  "task_dependencies",
  "time_entries",
];
/** Their large random keys (no foreign key needs them), dropped too and built after in one sort. */
const DELIVERY_BULK_KEYS = ["task_assignees", "time_entries"];
const PROJECT_STATUSES = ["planejamento", "em_andamento", "em_andamento", "pausado", "concluido", "cancelado"];
const TASK_STATUSES = ["pending", "in_progress", "review", "completed"];
const PRIORITIES = ["alta", "media", "baixa"];
/** Days of time entries, up to yesterday. */
const TIME_DAYS = 365;
/** The large agency's share of the time entries: 2 in 25 (8%). */
const BIG_SHARE = 2;
const SHARE_OF = 25;

/**
 * Project p (1-based) lives in agency 1 + p % agencies; agency 1's are p = agencies * j. Its id is
 * an RFC 9562 version-4 shape (routes check ids with z.uuid()): benchProjectId below in SQL.
 */
const projectIdOf = (p: string) => v4IdOf(`'project' || (${p})`);

/**
 * The agencies', users' and projects' ids as arrays (ids.agency[a], ids.users[u], ids.project[p]):
 * one md5 per agency, user and project instead of one per generated row.
 */
const idArrays = (scale: Scale) =>
  `(select ${idArray(agencyIdOf, scale.agencies)} as agency, ${idArray(userIdOf, scale.users)} as users,
           ${idArray(projectIdOf, scale.projects)} as project) ids`;

/** The id the generator gives project n (projectIdOf). */
export const benchProjectId = (n: number): string => v4Uuid(`project${n}`);

/** The project holding the 2,000-task board: agency 1's first. */
export const boardProjectNumber = (scale: Scale) => scale.agencies;

/** Agency 1's project numbers other than the board, as SQL of a counter k: agencies * (2 .. perAgency). */
function bigAgencyProject(scale: Scale, k: string): string {
  const perAgency = Math.floor(scale.projects / scale.agencies);
  return `${scale.agencies} * (2 + (${k}) % ${Math.max(1, perAgency - 1)})`;
}

/** Project numbers of the other tasks (every agency) skip the board project: it holds exactly its 2,000. */
const notBoard = (p: string, scale: Scale) =>
  `(case when (${p}) = ${boardProjectNumber(scale)} then ${2 * scale.agencies} else (${p}) end)`;

async function insertProjects(db: Queryable, scale: Scale): Promise<void> {
  await run(
    db,
    `insert into projects (id, agency_id, name, status, owner_id, budget_cents, budget_hours, tags,
                           start_date, due_date, created_at)
     select ${projectIdOf("p")}, ${agencyIdOf(`1 + p % ${scale.agencies}`)}, 'Projeto ' || p,
            (${textArray(PROJECT_STATUSES)})[1 + p % ${PROJECT_STATUSES.length}],
            ${userIdOf(userOfAgency(`1 + p % ${scale.agencies}`, "0", scale))},
            (p % 100) * 100000, 20 + p % 200, array['bench'],
            now() - make_interval(days => p % 400), now() + make_interval(days => p % 120),
            now() - make_interval(days => p % 400)
       from generate_series(1, ${scale.projects}) p`,
  );
}

async function insertTasks(db: Queryable, scale: Scale): Promise<void> {
  const spread = scale.tasks - scale.bigAgencyTasks;
  const common = (n: string) => `(${textArray(TASK_STATUSES)})[1 + ${n} % 4], (${textArray(PRIORITIES)})[1 + ${n} % 3],
            ${positionKey(n)}, now() + make_interval(days => ${n} % 60 - 20), now() - make_interval(days => ${n} % 300)`;
  await run(
    db,
    `insert into tasks (id, agency_id, project_id, title, status, priority, position, due_date, created_at)
     select md5('dtask' || n)::uuid, ids.agency[1 + p % ${scale.agencies}], ids.project[p], 'Tarefa ' || n, ${common("n")}
       from (select n, ${notBoard(`1 + n % ${scale.projects}`, scale)} as p from generate_series(1, ${spread}) n) s,
            ${idArrays(scale)}`,
  );
  await run(
    db,
    `insert into tasks (id, agency_id, project_id, title, status, priority, position, due_date, created_at)
     select md5('btask' || n)::uuid, ids.agency[1],
            ids.project[case when n <= 2000 then ${boardProjectNumber(scale)} else ${bigAgencyProject(scale, "n")} end],
            'Tarefa grande ' || n, ${common("n")}
       from generate_series(1, ${scale.bigAgencyTasks}) n, ${idArrays(scale)}`,
  );
}

/** One assignee per task (agency 1: its users in turn), and the assignees as members of the projects. */
async function insertAssignees(db: Queryable, scale: Scale): Promise<void> {
  const spread = scale.tasks - scale.bigAgencyTasks;
  await run(
    db,
    `insert into task_assignees (agency_id, task_id, user_id)
     select ids.agency[t.a], md5('dtask' || t.n)::uuid, ids.users[${userOfAgency("t.a", "t.n", scale)}]
       from (select n, 1 + ${notBoard(`1 + n % ${scale.projects}`, scale)} % ${scale.agencies} as a
               from generate_series(1, ${spread}) n) t, ${idArrays(scale)}
     union all
     select ids.agency[1], md5('btask' || n)::uuid, ids.users[1 + n % ${BENCH_AGENCY_USERS}]
       from generate_series(1, ${scale.bigAgencyTasks}) n, ${idArrays(scale)}`,
  );
  await run(
    db,
    `insert into project_members (agency_id, project_id, user_id)
     select distinct t.agency_id, t.project_id, a.user_id from task_assignees a join tasks t on t.id = a.task_id
     on conflict do nothing`,
  );
}

/**
 * One task in ten waits for an earlier task of its project: tasks n and n - projects share a
 * project; agency 1's board tasks wait for the previous one, its other tasks for n - (perAgency - 1).
 */
async function insertDependencies(db: Queryable, scale: Scale): Promise<void> {
  const spread = scale.tasks - scale.bigAgencyTasks;
  const cycle = Math.max(1, Math.floor(scale.projects / scale.agencies) - 1);
  await run(
    db,
    `insert into task_dependencies (agency_id, task_id, depends_on_id)
     select t.agency_id, t.id, d.id
       from (select md5('dtask' || n)::uuid as id, md5('dtask' || (n - ${scale.projects}))::uuid as before
               from generate_series(${scale.projects + 10}, ${spread}, 10) n
             union all
             select md5('btask' || n)::uuid, md5('btask' || (n - case when n <= 2000 then 1 else ${cycle} end))::uuid
               from generate_series(10, ${scale.bigAgencyTasks}, 10) n
              where n <= 2000 or n > 2000 + ${cycle}) g
       join tasks t on t.id = g.id
       join tasks d on d.id = g.before and d.project_id = t.project_id`,
  );
}

/**
 * Row n's start grows with n (time order): day floor((n-1) * days / total) of the last year, at
 * 08:00–18:00 São Paulo (11:00–21:00 UTC), 30 min to 3 h long. 2 rows in 25 are agency 1's (its
 * users in turn), the rest go round the other agencies; each on one of its agency's projects.
 */
async function insertTimeEntries(db: Queryable, scale: Scale): Promise<void> {
  const total = scale.timeEntries;
  const others = scale.agencies - 1;
  const perAgency = Math.floor(scale.projects / scale.agencies);
  await run(
    db,
    `insert into time_entries (agency_id, user_id, project_id, description, started_at, ended_at, billable, rate_cents, created_at)
     select ids.agency[s.a], ids.users[${userOfAgency("s.a", "s.k", scale)}],
            ids.project[case when s.a = 1 then ${bigAgencyProject(scale, "s.k")} else (s.a - 1) + ${scale.agencies} * (s.k % ${perAgency}) end],
            'Trabalho ' || s.n, s.start, s.start + make_interval(mins => 30 + s.n % 150), s.n % 5 <> 0, 12000, s.start
       from (select n, k, a,
                    date_trunc('day', now()) - make_interval(days => ${TIME_DAYS} - d) + interval '11 hours'
                      + make_interval(secs => f * 36000) as start
               from (select n, (n - 1) / ${SHARE_OF} as k,
                            case when n % ${SHARE_OF} < ${BIG_SHARE} then 1 else 2 + (n / ${SHARE_OF}) % ${others} end as a,
                            ((n - 1)::bigint * ${TIME_DAYS} / ${total})::int as d,
                            ((n - 1)::bigint * ${TIME_DAYS} % ${total})::float8 / ${total} as f
                       from generate_series(1, ${total}) n) g) s, ${idArrays(scale)}`,
  );
}

export async function hasDeliveryData(db: Db, scale: Scale): Promise<boolean> {
  const [row] = await queryRows<{ entries: number }>(db, sql`select count(*)::int as entries from time_entries`);
  return row.entries >= scale.timeEntries;
}

/** The delivery rows of every bench agency, bulk loaded (bulkLoad: indexes and the large random keys built after). */
export async function generateDeliveryData(db: Db, scale: Scale, steps: Record<string, number>): Promise<void> {
  const load = { tables: DELIVERY_BULK_TABLES, keysOf: DELIVERY_BULK_KEYS, steps, indexStep: "deliveryIndexes" };
  await bulkLoad(db, load, async (tx) => {
    await timed(steps, "projects", () => insertProjects(tx, scale));
    await timed(steps, "tasks", () => insertTasks(tx, scale));
    await timed(steps, "taskAssignees", () => insertAssignees(tx, scale));
    await timed(steps, "taskDependencies", () => insertDependencies(tx, scale));
    await timed(steps, "timeEntries", () => insertTimeEntries(tx, scale));
  });
}
