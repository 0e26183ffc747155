import { sql } from "drizzle-orm";
import { queryRows } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import type { JobEnvelope } from "./job-handler.ts";
import { jobDefinitionOf } from "./job-handlers.ts";
import type { JobQueue } from "./job-queue.ts";
import { runJob } from "./run-job.ts";

type QueuedJob = { id: string; name: string; payload: JobEnvelope; attempts: number; max_attempts: number };

const POLL_MS = 500;
/** The delay before retry n is exp(min(n, 10)) seconds: 2.7 s, 7.4 s, 20 s … about 6 hours (graphile-worker's). */
const retryDelaySql = (attempts: number) => sql`now() + make_interval(secs => exp(least(${attempts}, 10)))`;

/**
 * PGlite (one process owns the data directory, so nothing else takes jobs): the job_queue
 * table of migration 0012, filled by the same app_enqueue_job in the caller's transaction.
 * A job taken is locked; a failure reschedules it with graphile-worker's backoff until its last
 * attempt, which leaves it failed with the error. A job still locked at start was cut off by a
 * stop and runs again.
 */
export function embeddedQueue(deps: Deps): JobQueue {
  const db = deps.database.owner;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function takeNext(): Promise<QueuedJob | null> {
    const [job] = await queryRows<QueuedJob>(
      db,
      sql`update job_queue set locked_at = now(), attempts = attempts + 1
          where id = (select id from job_queue where failed_at is null and locked_at is null and run_at <= now()
                      order by run_at, id limit 1 for update skip locked)
          returning id, name, payload, attempts, max_attempts`,
    );
    return job ?? null;
  }

  async function runOne(job: QueuedJob): Promise<void> {
    const definition = jobDefinitionOf(job.name);
    try {
      if (!definition) throw new Error(`job desconhecido: ${job.name}`);
      await runJob(deps, { ...definition, maxAttempts: job.max_attempts }, job.payload, job.attempts);
      await db.execute(sql`delete from job_queue where id = ${job.id}`);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
      const final = job.attempts >= job.max_attempts || !definition;
      await db.execute(
        final
          ? sql`update job_queue set locked_at = null, failed_at = now(), last_error = ${message} where id = ${job.id}`
          : sql`update job_queue set locked_at = null, run_at = ${retryDelaySql(job.attempts)}, last_error = ${message}
                where id = ${job.id}`,
      );
    }
  }

  async function drainOnce(): Promise<void> {
    for (let job = await takeNext(); job && !stopped; job = await takeNext()) await runOne(job);
  }

  function drain(): Promise<void> {
    // One drain at a time: a second caller waits for the running one, then looks again.
    const previous = running ?? Promise.resolve();
    const next = previous.then(drainOnce).finally(() => {
      if (running === next) running = null;
    });
    running = next;
    return next;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((error) => deps.logger.error({ err: error }, "fila de jobs embutida falhou; nova tentativa"))
        .finally(schedule);
    }, POLL_MS);
    timer.unref();
  }

  return {
    async start() {
      stopped = false;
      await db.execute(sql`update job_queue set locked_at = null where locked_at is not null`);
      schedule();
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
