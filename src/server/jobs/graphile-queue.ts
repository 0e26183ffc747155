import { Logger, type Runner, run, runMigrations, runOnce, type Task, type TaskList } from "graphile-worker";
import pg from "pg";
import type { Deps } from "../deps.ts";
import type { JobEnvelope } from "./job-handler.ts";
import { allJobDefinitions } from "./job-handlers.ts";
import type { JobQueue } from "./job-queue.ts";
import { runJob } from "./run-job.ts";

/** graphile-worker's log lines through the app's logger (it would print to the console). */
function graphileLogger(deps: Deps): Logger {
  return new Logger(() => (level, message, meta) => {
    const pinoLevel = level === "error" ? "error" : level === "warning" ? "warn" : "debug";
    deps.logger[pinoLevel]({ graphileWorker: meta }, message);
  });
}

function taskList(deps: Deps): TaskList {
  const tasks: TaskList = {};
  for (const definition of allJobDefinitions()) {
    const task: Task = (payload, helpers) => runJob(deps, definition, payload as JobEnvelope, helpers.job.attempts);
    tasks[definition.name] = task;
  }
  return tasks;
}

/** Installs (or upgrades) graphile-worker's schema; the first server to start does it. */
export async function installGraphileWorker(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: new Logger(() => () => {}) });
}

/**
 * The queue's own connections (graphile-worker's documented `pgPool` option). Ours, so that stop
 * waits until they are closed: the pool graphile-worker makes itself is ended without waiting,
 * after its error listener is gone, so a connection cut right after (a dropped test database,
 * a restarted server) was an uncaught error.
 *
 * They commit asynchronously (PostgreSQL's `synchronous_commit = off`, set per connection): taking,
 * finishing and failing a job no longer each wait for a WAL flush, which bounded the queue at a few
 * hundred jobs a second (10,000 trivial jobs: 21.6 → 7.7 s on a loaded 2-core machine). What a job
 * changes goes through the app's own connections and stays synchronous, and so does enqueueing (in
 * the transaction of the change). A PostgreSQL crash may forget the last fraction of a second of
 * this bookkeeping: a job then runs again, as when a server dies mid-job (handlers are idempotent).
 */
function queuePool(deps: Deps, connectionString: string, concurrency: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: concurrency + 2, options: "-c synchronous_commit=off" });
  pool.on("error", (error) => deps.logger.warn({ err: error }, "conexão da fila de tarefas caiu"));
  return pool;
}

/**
 * PostgreSQL: graphile-worker. Jobs are taken with SKIP LOCKED (each runs once however many
 * servers work), woken by LISTEN/NOTIFY, retried with exponential backoff; a server that dies
 * mid-job leaves it locked for 4 hours, after which another server runs it again.
 */
export function graphileQueue(deps: Deps, connectionString: string, concurrency: number): JobQueue {
  let runner: Runner | null = null;
  let pool: pg.Pool | null = null;
  const options = { logger: graphileLogger(deps), noHandleSignals: true, pollInterval: 2_000 };
  return {
    async start() {
      pool = queuePool(deps, connectionString, concurrency);
      runner = await run({ ...options, pgPool: pool, concurrency, taskList: taskList(deps) });
    },
    async drain() {
      const drainPool = queuePool(deps, connectionString, 1);
      try {
        await runOnce({ ...options, pgPool: drainPool, concurrency: 1, taskList: taskList(deps) });
      } finally {
        await drainPool.end();
      }
    },
    async stop() {
      await runner?.stop();
      runner = null;
      await pool?.end();
      pool = null;
    },
  };
}
