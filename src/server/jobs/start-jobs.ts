import type { Deps } from "../deps.ts";
import { embeddedQueue } from "./embedded-queue.ts";
import { graphileQueue } from "./graphile-queue.ts";
import type { JobQueue } from "./job-queue.ts";
import { enqueueDueRecurringJobs } from "./recurring-jobs.ts";

const SCHEDULE_TICK_MS = 30_000;
/** Jobs one server runs at once (each holds a database connection while it works). */
const CONCURRENCY = 4;

/** The queue this database uses: graphile-worker on PostgreSQL, the embedded queue on PGlite. */
export function createJobQueue(deps: Deps): JobQueue {
  const { connectionString } = deps.database;
  return connectionString ? graphileQueue(deps, connectionString, CONCURRENCY) : embeddedQueue(deps);
}

/** Starts taking jobs and ticking the recurring ones; returns the function that stops both (shutdown). */
export async function startJobs(deps: Deps): Promise<{ queue: JobQueue; stop: () => Promise<void> }> {
  const queue = createJobQueue(deps);
  await queue.start();
  const tick = () =>
    enqueueDueRecurringJobs(deps, deps.now()).catch((error) =>
      deps.logger.warn({ err: error }, "agendamento de jobs recorrentes falhou; nova tentativa no próximo ciclo"),
    );
  void tick();
  const timer = setInterval(tick, SCHEDULE_TICK_MS);
  timer.unref();
  return {
    queue,
    stop: async () => {
      clearInterval(timer);
      await queue.stop();
    },
  };
}
