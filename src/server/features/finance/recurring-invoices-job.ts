import { defineJob } from "../../jobs/job-handler.ts";
import { generateRecurringInvoices } from "./generate-recurring-invoices.ts";

/**
 * Hourly (RECURRING_JOBS): issues every retainer invoice whose day has come, catching up any
 * missed period. Exactly once per (schedule, period) is the database's unique index, not this job.
 */
export const recurringInvoicesJob = defineJob<{ period: string }>({
  name: "generate_recurring_invoices",
  maxAttempts: 5,
  async handler(deps) {
    const { created } = await generateRecurringInvoices(deps.database.owner, deps.now());
    if (created > 0) deps.logger.info({ created }, "faturas recorrentes emitidas");
  },
});
