import { defineJob } from "../../jobs/job-handler.ts";
import { sendOverdueReminders } from "./overdue-reminders.ts";

/** Hourly (RECURRING_JOBS): e-mails the clients of overdue invoices, in agencies that turned reminders on. */
export const overdueRemindersJob = defineJob<{ period: string }>({
  name: "send_overdue_reminders",
  maxAttempts: 3,
  async handler(deps) {
    const { claimed, failed } = await sendOverdueReminders(
      deps.database.owner,
      (mail) => deps.mailer.send(mail),
      deps.now(),
    );
    if (claimed > 0) deps.logger.info({ claimed, failed }, "lembretes de faturas vencidas enviados");
  },
});
