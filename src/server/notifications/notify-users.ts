import { sql } from "drizzle-orm";
import type { NotificationKind } from "#domain/notification-kinds.ts";
import type { RecordType } from "#domain/records.ts";
import type { Queryable } from "../db/client.ts";
import { webhookEventOfNotification } from "#domain/webhook-events.ts";
import { notifications } from "../db/schema.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { NOTIFICATION_EMAIL_JOB } from "./notification-email-job.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";

export type Notification = {
  agencyId: string;
  /** Recipients; the actor is never notified of its own action. */
  userIds: readonly string[];
  /** Event type (NOTIFICATION_KINDS: each user chooses per kind whether it also comes by e-mail). */
  kind: NotificationKind;
  /** pt-BR text the bell shows. */
  title: string;
  body?: string | null;
  recordType?: RecordType | null;
  recordId?: string | null;
  actorId: string | null;
};

/** The PostgreSQL channel the live bell listens on (LISTEN/NOTIFY; in process on PGlite). */
export const NOTIFICATION_CHANNEL = "nexo_notifications";

/**
 * Puts a notification in each recipient's inbox in the caller's transaction (row-level
 * security refuses recipients outside the agency) and queues their e-mails in the same
 * transaction. Returns the ids written.
 */
export async function notifyUsers(tx: Queryable, notification: Notification): Promise<string[]> {
  const { userIds, ...rest } = notification;
  await raiseWebhookEvent(tx, notification);
  const recipients = [...new Set(userIds)].filter((id) => id !== notification.actorId);
  if (recipients.length === 0) return [];
  // Ids made here: RETURNING would need the writer to see rows only their recipients may read.
  const rows = recipients.map((userId) => ({ ...rest, id: crypto.randomUUID(), userId, body: rest.body ?? null }));
  await tx.insert(notifications).values(rows);
  // Delivered on commit to every server's listener (live bell); nothing is sent on rollback.
  await tx.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ agencyId: notification.agencyId, userIds: recipients })})`,
  );
  const ids = rows.map((row) => row.id);
  // Their e-mails (agency switch, each recipient's choice) go out from a job, never in the request.
  await enqueueJob(tx, { name: NOTIFICATION_EMAIL_JOB, payload: { notificationIds: ids }, agencyId: null });
  return ids;
}

/** The agency's webhooks hear of the event too (task assigned, invoice paid), whoever is notified. */
async function raiseWebhookEvent(tx: Queryable, notification: Notification): Promise<void> {
  const event = webhookEventOfNotification(notification.kind);
  if (!event) return;
  await emitWebhookEvent(tx, notification.agencyId, event, {
    recordType: notification.recordType ?? null,
    recordId: notification.recordId ?? null,
    actorId: notification.actorId,
    userIds: [...new Set(notification.userIds)],
  });
}
