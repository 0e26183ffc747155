import type { CreatedWebhook, CreateWebhookBody } from "#domain/schemas/integrations.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { webhooks } from "../../db/schema.ts";
import { generateWebhookSecret } from "../../webhooks/sign-webhook.ts";
import { findWebhook } from "./webhook-rows.ts";

/** Registers a webhook (its URL already checked); its signing secret is shown only in this answer. */
export async function createWebhook(
  tx: Tx,
  agencyId: string,
  userId: string,
  body: CreateWebhookBody,
  actor: AuditActor,
): Promise<CreatedWebhook> {
  const secret = generateWebhookSecret();
  const events = [...new Set(body.events)];
  const [row] = await tx
    .insert(webhooks)
    .values({ agencyId, url: body.url, events, secret, createdBy: userId })
    .returning({ id: webhooks.id });
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "webhooks",
    resourceId: row.id,
    details: { url: body.url, events },
  });
  const webhook = await findWebhook(tx, agencyId, row.id);
  if (!webhook) throw new Error("o webhook criado não foi encontrado");
  return { webhook, secret };
}
