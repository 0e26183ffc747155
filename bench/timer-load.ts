import autocannon, { type Result as AutocannonResult } from "autocannon";
import { sql } from "drizzle-orm";
import { queryRows } from "#server/db/client.ts";
import { PORTS, type Scale } from "./config.ts";
import { BASELINE_TARGET, type LoadResult, measureLoad, signIn } from "./http-load.ts";
import { benchUuid, openPostgres } from "./scale-data.ts";
import { startAppServer, startProcess } from "./server-process.ts";
import { percentile } from "./stats.ts";

/** Issue 17: 50 connections starting and stopping timers. */
const CONNECTIONS = 50;
/** Roles of the large agency that may start a timer (projetos_tempo: create). */
const TIMER_ROLES = [
  "project_manager",
  "team_designer",
  "team_copywriter",
  "team_webdesigner",
  "team_automation",
  "team_traffic",
];

type TimerUser = { email: string; projectId: string };
type Session = TimerUser & { cookie: string };

/** What one run reached, and what the database held right after it. */
export type TimerRun = LoadResult & {
  users: number;
  /** Users with more than one running timer after the run: must be 0. */
  usersWithTwoRunning: number;
  /** Running timers of the run's users after it (at most one each). */
  runningAfter: number;
};

export type TimerLoadResult = {
  /** 50 connections, 50 users (one device each): the bar's run. */
  distinct: TimerRun;
  /** 50 connections, 25 users on two devices each: starts race; 409 answers expected, never two running. */
  contended: TimerRun;
};

/** Bulk users of the large agency that may track time, each with a project it is a member of. */
async function timerUsers(url: string, count: number): Promise<TimerUser[]> {
  const database = await openPostgres(url);
  try {
    return await queryRows<TimerUser>(
      database.owner,
      sql`select u.email, u.project_id as "projectId" from (
            select distinct on (p.id) p.id, p.email, pm.project_id
              from profiles p
              join user_roles r on r.user_id = p.id
              join project_members pm on pm.agency_id = p.agency_id and pm.user_id = p.id
              join projects pr on pr.id = pm.project_id and pr.deleted_at is null
             where p.agency_id = ${benchUuid("agency", 1)} and p.email like 'user%@bench.example.com'
               and r.role in (${sql.join(
                 TIMER_ROLES.map((role) => sql`${role}`),
                 sql`, `,
               )})
             order by p.id, pm.project_id) u
          order by u.email limit ${count}`,
    );
  } finally {
    await database.close();
  }
}

/** The running timers of the users' ids after a run: how many users hold two, and how many run. */
async function runningTimers(url: string, emails: string[]) {
  const database = await openPostgres(url);
  try {
    const [row] = await queryRows<{ doubled: number; running: number }>(
      database.owner,
      sql`select count(*) filter (where n > 1)::int as doubled, coalesce(sum(n), 0)::int as running from (
            select e.user_id, count(*) as n from time_entries e join profiles p on p.id = e.user_id
             where e.ended_at is null and p.email in (${sql.join(
               emails.map((email) => sql`${email}`),
               sql`, `,
             )})
             group by e.user_id) r`,
    );
    return row;
  } finally {
    await database.close();
  }
}

/** One connection of a user: start a timer on its project, stop it, again and again. */
function userConnection(url: string, session: Session, seconds: number, latencies: number[] | null) {
  const headers = { cookie: session.cookie, origin: url, "content-type": "application/json" };
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 1,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path: "/api/time/timer/start",
            headers,
            body: JSON.stringify({ projectId: session.projectId, description: "Cronômetro do bench" }),
          },
          { method: "POST", path: "/api/time/timer/stop", headers },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** All connections at once (each session on `devices` connections): a warm-up second, then `seconds` measured. */
async function loadTimers(url: string, sessions: Session[], devices: number, seconds: number) {
  const connections = sessions.flatMap((session) => Array<Session>(devices).fill(session));
  await Promise.all(connections.map((session) => userConnection(url, session, 1, null)));
  const latencies: number[] = [];
  const results = await Promise.all(connections.map((session) => userConnection(url, session, seconds, latencies)));
  latencies.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = (statusCodes[code] ?? 0) + Number(stat.count);
    }
  }
  const duration = Math.max(...results.map((result) => result.duration));
  return {
    path: "/api/time/timer/start + /stop",
    connections: connections.length,
    seconds,
    requests: latencies.length,
    rps: Math.round((latencies.length / duration) * 10) / 10,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errors: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
    statusCodes,
  };
}

async function timerRun(
  name: string,
  appUrl: string,
  baselineUrl: string,
  sessions: Session[],
  devices: number,
  scale: Scale,
  databaseUrl: string,
): Promise<TimerRun> {
  const baseline = await measureLoad(baselineUrl, BASELINE_TARGET, scale.loadSeconds);
  const load = await loadTimers(appUrl, sessions, devices, scale.loadSeconds);
  const after = await runningTimers(
    databaseUrl,
    sessions.map((session) => session.email),
  );
  return {
    name,
    ...load,
    baselineRps: baseline.rps,
    ratioToBaseline: Math.round((load.rps / baseline.rps) * 10_000) / 10_000,
    users: sessions.length,
    usersWithTwoRunning: after.doubled,
    runningAfter: after.running,
  };
}

/**
 * Starting and stopping timers over HTTP on the app as production runs it, paired with a baseline
 * run just before each: 50 users on one connection each (the bar), then 25 users on two
 * connections each (two devices racing). After each, the database is asked whether any user holds
 * two running timers.
 */
export async function measureTimerLoad(target: { databaseUrl: string }, scale: Scale): Promise<TimerLoadResult> {
  const users = await timerUsers(target.databaseUrl, CONNECTIONS);
  if (users.length < CONNECTIONS) throw new Error(`only ${users.length} users of agency 1 can track time`);
  const env = { PATH: process.env.PATH, PORT: String(PORTS.baseline), NODE_ENV: "production" };
  const baselineServer = await startProcess("bench/baseline-server.ts", env, PORTS.baseline);
  const app = await startAppServer(target, PORTS.app);
  try {
    const sessions: Session[] = [];
    for (const user of users) sessions.push({ ...user, cookie: await signIn(app.url, user.email) });
    const run = (name: string, list: Session[], devices: number) =>
      timerRun(name, app.url, baselineServer.url, list, devices, scale, target.databaseUrl);
    return {
      distinct: await run("timer start/stop (50 users, one connection each)", sessions, 1),
      contended: await run("timer start/stop (25 users, two connections each)", sessions.slice(0, 25), 2),
    };
  } finally {
    await app.stop();
    await baselineServer.stop();
  }
}
