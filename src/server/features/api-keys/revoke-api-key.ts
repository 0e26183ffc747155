import { and, eq, isNull, sql } from "drizzle-orm";
import { type ApiKey, INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { apiKeys } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { findApiKey } from "./api-key-rows.ts";

/** Revokes a key of the agency: its next request is 401. Revoking twice changes nothing. */
export async function revokeApiKey(tx: Tx, agencyId: string, id: string, actor: AuditActor): Promise<ApiKey> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` as unknown as Date })
    .where(and(eq(apiKeys.agencyId, agencyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name });
  if (revoked.length) {
    await recordAudit(tx, actor, {
      action: "delete",
      resourceType: "api_keys",
      resourceId: id,
      details: { name: revoked[0].name },
    });
  }
  const key = await findApiKey(tx, agencyId, id);
  if (!key) throw new AppError("not_found", INTEGRATION_MESSAGES.keyNotFound);
  return key;
}
