import { createDeps } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { isAutoBackupDue } from "#server/features/auto-backups/due-agencies.ts";
import { writeAutoBackup } from "#server/features/auto-backups/write-auto-backup.ts";
import { enqueueDueRecurringJobs } from "#server/jobs/recurring-jobs.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { AUTH_SECRET } from "./config.ts";
import { residentMb, sampleResidentPeak } from "./resident-memory.ts";

/** The large agency's first automatic backup, written before the other start-up jobs: a figure, not a bar. */
export type LargeAgencyBackup = {
  ms: number;
  /** Size of the gzipped file. */
  bytes: number;
  /** How far the bench process's resident memory rose above where it stood before (sampled every 20 ms). */
  rssRiseMb: number;
};

/** fn's time and how far this process's resident memory rose above where it stood before (MB). */
async function withMemoryPeak<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; rssRiseMb: number }> {
  const before = residentMb(process.pid);
  const stopSampling = sampleResidentPeak(process.pid);
  const started = performance.now();
  let peak = before;
  const value = await fn().finally(() => {
    peak = stopSampling();
  });
  return { value, ms: Math.round(performance.now() - started), rssRiseMb: Math.round(peak - before) };
}

/**
 * Runs to completion what a server starting on this data would run first: the recurring jobs due
 * now (recurring invoices and expenses of every schedule, overdue reminders, automatic backups,
 * clean-ups), as the server's own start enqueues them. Scale data is written in one go, as if no
 * server had ever run on it; without this step the first load run measured that catch-up (on
 * PGlite it shares the one database thread with the requests) instead of the requests. The large
 * agency's backup, when due, is written first, timed on its own (`largeAgencyId`).
 */
export async function settleStartupJobs(
  database: Database,
  largeAgencyId: string,
): Promise<LargeAgencyBackup | undefined> {
  const config = loadConfig({
    AUTH_SECRET,
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: ".tmp/bench/unused",
    LOG_LEVEL: "silent",
  });
  const deps = createDeps(config, database);
  const now = deps.now();
  let backup: LargeAgencyBackup | undefined;
  if (await isAutoBackupDue(database.owner, largeAgencyId, now)) {
    const { value, ms, rssRiseMb } = await withMemoryPeak(() => writeAutoBackup(deps, largeAgencyId, now));
    backup = { ms, bytes: value.size, rssRiseMb };
  }
  await enqueueDueRecurringJobs(deps, now);
  await createJobQueue(deps).drain();
  return backup;
}
