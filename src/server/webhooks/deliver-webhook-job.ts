import { and, eq, sql } from "drizzle-orm";
import { WEBHOOK_HEADERS } from "#domain/webhook-events.ts";
import type { Tx } from "../db/client.ts";
import { webhookDeliveries, webhooks } from "../db/schema.ts";
import { defineJob } from "../jobs/job-handler.ts";
import { DELIVER_WEBHOOK_JOB } from "./emit-webhook-event.ts";
import { postWebhook } from "./post-webhook.ts";
import { signWebhook } from "./sign-webhook.ts";

const MAX_ERROR_LENGTH = 1_000;

class RefusedDeliveryError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}${body ? `: ${body}` : ""}`);
  }
}

async function findDelivery(tx: Tx, deliveryId: string) {
  const [row] = await tx
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      url: webhooks.url,
      secret: webhooks.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhooks,
      and(eq(webhooks.id, webhookDeliveries.webhookId), eq(webhooks.agencyId, webhookDeliveries.agencyId)),
    )
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/**
 * Sends one delivery, signed (README, "Webhooks"). Anything but a 2xx is retried with the queue's
 * backoff; the last attempt leaves the delivery 'failed' with the answer or error, in the log the
 * manager reads. A webhook deleted meanwhile takes its deliveries with it: nothing to send.
 */
export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: DELIVER_WEBHOOK_JOB,
  maxAttempts: 6,
  async handler(deps, { payload, attempt, maxAttempts, tenant }) {
    const delivery = await tenant((tx) => findDelivery(tx, payload.deliveryId));
    if (delivery?.status !== "pending") return;
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    const headers = {
      "content-type": "application/json",
      "user-agent": "Nexo-Webhooks/1",
      [WEBHOOK_HEADERS.event]: delivery.event,
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(delivery.secret, timestamp, body),
    };
    const record = (values: Partial<typeof webhookDeliveries.$inferInsert>) =>
      tenant((tx) => tx.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, delivery.id)));
    try {
      const answer = await postWebhook(delivery.url, body, headers, {
        allowLoopback: deps.config.webhookLoopbackForTests,
      });
      if (answer.status < 200 || answer.status >= 300) throw new RefusedDeliveryError(answer.status, answer.body);
      await record({
        status: "delivered",
        attempts: attempt,
        responseStatus: answer.status,
        lastError: null,
        deliveredAt: sql`now()` as unknown as Date,
      });
    } catch (error) {
      await record({
        status: attempt >= maxAttempts ? "failed" : "pending",
        attempts: attempt,
        responseStatus: error instanceof RefusedDeliveryError ? error.status : null,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH),
      });
      throw error;
    }
  },
});
