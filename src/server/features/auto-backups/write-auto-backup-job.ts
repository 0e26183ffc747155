import { defineJob } from "../../jobs/job-handler.ts";
import { isAutoBackupDue } from "./due-agencies.ts";
import { pruneAutoBackups } from "./prune-auto-backups.ts";
import { writeAutoBackup } from "./write-auto-backup.ts";

export const WRITE_AUTO_BACKUP_JOB = "write_auto_backup";

/**
 * One agency's automatic backup (queued by the hourly sweep). Checks again that it is due, so a
 * job run twice (a retry after the row was written, two sweeps) writes one backup; then keeps the
 * newest few.
 */
export const writeAutoBackupJob = defineJob({
  name: WRITE_AUTO_BACKUP_JOB,
  maxAttempts: 3,
  async handler(deps, { agencyId }) {
    if (!agencyId) throw new Error(`o job ${WRITE_AUTO_BACKUP_JOB} precisa de uma agência`);
    const now = deps.now();
    if (await isAutoBackupDue(deps.database.owner, agencyId, now)) {
      const backup = await writeAutoBackup(deps, agencyId, now);
      deps.logger.info({ agencyId, ...backup }, "backup automático gravado");
    }
    await pruneAutoBackups(deps, agencyId);
  },
});
