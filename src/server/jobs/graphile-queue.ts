import { Logger, type Runner, run, runMigrations, runOnce, type Task, type TaskList } from "graphile-worker";
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
 * PostgreSQL: graphile-worker. Jobs are taken with SKIP LOCKED (each runs once however many
 * servers work), woken by LISTEN/NOTIFY, retried with exponential backoff; a server that dies
 * mid-job leaves it locked for 4 hours, after which another server runs it again.
 */
export function graphileQueue(deps: Deps, connectionString: string, concurrency: number): JobQueue {
  let runner: Runner | null = null;
  const options = { connectionString, logger: graphileLogger(deps), noHandleSignals: true, pollInterval: 2_000 };
  return {
    async start() {
      runner = await run({ ...options, concurrency, taskList: taskList(deps) });
    },
    async drain() {
      await runOnce({ ...options, concurrency: 1, taskList: taskList(deps) });
    },
    async stop() {
      await runner?.stop();
      runner = null;
    },
  };
}
