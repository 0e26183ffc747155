import { defineJob } from "../../jobs/job-handler.ts";
import { purgeDeletedCrmRecords } from "./purge-deleted-records.ts";

/** Hourly (RECURRING_JOBS): CRM records past their 30-day undo are removed for good. */
export const purgeDeletedCrmRecordsJob = defineJob<{ period: string }>({
  name: "purge_deleted_crm_records",
  maxAttempts: 3,
  async handler(deps) {
    const purged = await purgeDeletedCrmRecords(deps.database.owner, deps.now());
    if (Object.values(purged).some((count) => count > 0))
      deps.logger.info({ purged }, "registros do CRM excluídos há mais de 30 dias removidos");
  },
});
