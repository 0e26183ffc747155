import { and, eq } from "drizzle-orm";
import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { webhooks } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** Deletes a webhook of the agency with its delivery log; deliveries still queued find nothing to send. */
export async function deleteWebhook(tx: Tx, agencyId: string, id: string, actor: AuditActor): Promise<void> {
  const deleted = await tx
    .delete(webhooks)
    .where(and(eq(webhooks.agencyId, agencyId), eq(webhooks.id, id)))
    .returning({ url: webhooks.url });
  if (!deleted.length) throw new AppError("not_found", INTEGRATION_MESSAGES.webhookNotFound);
  await recordAudit(tx, actor, { action: "delete", resourceType: "webhooks", resourceId: id, details: deleted[0] });
}
