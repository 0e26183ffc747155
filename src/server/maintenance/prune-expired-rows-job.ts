import { defineJob } from "../jobs/job-handler.ts";
import { pruneExpiredRows } from "./prune-expired-rows.ts";

/** Every 10 minutes (RECURRING_JOBS): one server prunes, the others find the period taken. */
export const pruneExpiredRowsJob = defineJob<{ period: string }>({
  name: "prune_expired_rows",
  maxAttempts: 3,
  async handler(deps) {
    const pruned = await pruneExpiredRows(deps.database.owner, deps.now());
    if (Object.values(pruned).some((count) => count > 0)) deps.logger.info({ pruned }, "linhas expiradas removidas");
  },
});
