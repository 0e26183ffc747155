import { createDeps } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { enqueueDueRecurringJobs } from "#server/jobs/recurring-jobs.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { AUTH_SECRET } from "./config.ts";

/**
 * Runs to completion what a server starting on this data would run first: the recurring jobs due
 * now (recurring invoices and expenses of every schedule, overdue reminders, clean-ups), as the
 * server's own start enqueues them. Scale data is written in one go, as if no server had ever run
 * on it; without this step the first load run measured that catch-up (on PGlite it shares the
 * one database thread with the requests) instead of the requests.
 */
export async function settleStartupJobs(database: Database): Promise<void> {
  const config = loadConfig({
    AUTH_SECRET,
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: ".tmp/bench/unused",
    LOG_LEVEL: "silent",
  });
  const deps = createDeps(config, database);
  await enqueueDueRecurringJobs(deps, deps.now());
  await createJobQueue(deps).drain();
}
