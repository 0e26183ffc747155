import { deliverEmailJob } from "../mail/deliver-email-job.ts";
import { pruneExpiredRowsJob } from "../maintenance/prune-expired-rows-job.ts";
import { scheduleAutoBackupsJob } from "../features/auto-backups/schedule-auto-backups-job.ts";
import { writeAutoBackupJob } from "../features/auto-backups/write-auto-backup-job.ts";
import { importContactsJob } from "../features/crm/import-contacts-job.ts";
import { purgeDeletedCrmRecordsJob } from "../features/crm/purge-deleted-records-job.ts";
import { overdueRemindersJob } from "../features/finance/overdue-reminders-job.ts";
import { recurringExpensesJob } from "../features/finance/recurring-expenses-job.ts";
import { recurringInvoicesJob } from "../features/finance/recurring-invoices-job.ts";
import { notificationEmailJob } from "../notifications/notification-email-job.ts";
import { deliverWebhookJob } from "../webhooks/deliver-webhook-job.ts";
import type { JobDefinition } from "./job-handler.ts";

/** Every background job, one line each (like ROUTES); a module adds its own line. */
export const JOB_HANDLERS: JobDefinition[] = [
  deliverEmailJob,
  notificationEmailJob,
  pruneExpiredRowsJob,
  recurringInvoicesJob,
  recurringExpensesJob,
  overdueRemindersJob,
  importContactsJob,
  purgeDeletedCrmRecordsJob,
  deliverWebhookJob,
  scheduleAutoBackupsJob,
  writeAutoBackupJob,
];

/** Tests add jobs of their own here (and only tests). */
const extraJobs = new Map<string, JobDefinition>();

export function registerTestJob(definition: JobDefinition): void {
  extraJobs.set(definition.name, definition);
}

export function jobDefinitionOf(name: string): JobDefinition | undefined {
  return JOB_HANDLERS.find((job) => job.name === name) ?? extraJobs.get(name);
}

export function allJobDefinitions(): JobDefinition[] {
  return [...JOB_HANDLERS, ...extraJobs.values()];
}
