import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { WEBHOOK_TEST_EVENT } from "#domain/webhook-events.ts";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { queueDeliveries } from "../../webhooks/emit-webhook-event.ts";
import { findWebhook } from "./webhook-rows.ts";

/** Queues a `webhook.test` delivery to one webhook ("Enviar teste"), logged like any other. */
export async function sendTestDelivery(tx: Tx, agencyId: string, webhookId: string, actorId: string) {
  if (!(await findWebhook(tx, agencyId, webhookId)))
    throw new AppError("not_found", INTEGRATION_MESSAGES.webhookNotFound);
  const [deliveryId] = await queueDeliveries(tx, agencyId, [webhookId], WEBHOOK_TEST_EVENT, {
    recordType: null,
    recordId: null,
    actorId,
  });
  return { deliveryId };
}
