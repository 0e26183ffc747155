import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { webhookDeliveries, webhooks } from "../db/schema.ts";

export const DELIVER_WEBHOOK_JOB = "deliver_webhook";

export type WebhookEventData = { recordType: string | null; recordId: string | null; actorId: string | null } & Record<
  string,
  unknown
>;

/** What every delivery's body holds (README, "Webhooks"). */
export type WebhookPayload = {
  id: string;
  event: string;
  occurredAt: string;
  agencyId: string;
  data: WebhookEventData;
};

/**
 * Queues one delivery to each of the given webhooks, in the caller's transaction (it exists iff
 * the change commits): a webhook_deliveries row for the log and a deliver_webhook job.
 */
export async function queueDeliveries(
  tx: Queryable,
  agencyId: string,
  webhookIds: string[],
  event: string,
  data: WebhookEventData,
): Promise<string[]> {
  if (!webhookIds.length) return [];
  // Imported here, not at the top: the job table imports the modules that raise events.
  const { enqueueJob } = await import("../jobs/enqueue-job.ts");
  const occurredAt = new Date().toISOString();
  const rows = webhookIds.map((webhookId) => {
    const id = crypto.randomUUID();
    const payload: WebhookPayload = { id, event, occurredAt, agencyId, data };
    return { id, agencyId, webhookId, event, payload };
  });
  await tx.insert(webhookDeliveries).values(rows);
  for (const row of rows) {
    await enqueueJob(tx, { name: DELIVER_WEBHOOK_JOB, payload: { deliveryId: row.id }, agencyId });
  }
  return rows.map((row) => row.id);
}

/** Raises `event` for the agency: a delivery to each of its active webhooks subscribed to it. */
export async function emitWebhookEvent(
  tx: Queryable,
  agencyId: string,
  event: string,
  data: WebhookEventData,
): Promise<void> {
  const subscribed = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.agencyId, agencyId), eq(webhooks.active, true), sql`${event} = any(${webhooks.events})`));
  await queueDeliveries(
    tx,
    agencyId,
    subscribed.map((hook) => hook.id),
    event,
    data,
  );
}
