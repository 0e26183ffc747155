import { defineJob } from "../../jobs/job-handler.ts";
import { generateRecurringExpenses } from "./recurring-expenses.ts";

/**
 * Hourly (RECURRING_JOBS): copies every recurring expense whose day has come, catching up any
 * missed period. Exactly once per (expense, period) is the database's unique index, not this job.
 */
export const recurringExpensesJob = defineJob<Record<string, never>>({
  name: "generate_recurring_expenses",
  maxAttempts: 5,
  async handler(deps) {
    const { created } = await generateRecurringExpenses(deps.database.owner, deps.now());
    if (created > 0) deps.logger.info({ created }, "despesas recorrentes lançadas");
  },
});
