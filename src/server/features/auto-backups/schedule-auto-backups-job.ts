import { defineJob } from "../../jobs/job-handler.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { findDueAgencies } from "./due-agencies.ts";
import { WRITE_AUTO_BACKUP_JOB } from "./write-auto-backup-job.ts";

/**
 * Hourly (RECURRING_JOBS): queues one backup job per agency whose automatic backup is due, so one
 * agency's failure is retried on its own and never holds the others. The job key is the agency's:
 * a backup still waiting is not queued twice.
 */
export const scheduleAutoBackupsJob = defineJob<{ period: string }>({
  name: "schedule_auto_backups",
  maxAttempts: 3,
  async handler(deps) {
    const db = deps.database.owner;
    const due = await findDueAgencies(db, deps.now());
    await db.transaction(async (tx) => {
      for (const agencyId of due) {
        await enqueueJob(tx, { name: WRITE_AUTO_BACKUP_JOB, agencyId, jobKey: `${WRITE_AUTO_BACKUP_JOB}:${agencyId}` });
      }
    });
    if (due.length > 0) deps.logger.info({ agencies: due.length }, "backups automáticos agendados");
  },
});
