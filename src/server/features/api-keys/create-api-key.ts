import { type CreateApiKeyBody, type CreatedApiKey, INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import { type AuditActor, recordAudit } from "../../audit/record-audit.ts";
import { generateApiKey } from "../../auth/api-key.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { apiKeys } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { findApiKey } from "./api-key-rows.ts";
import { grantableKeyRoles } from "./grantable-key-roles.ts";

/**
 * A new key for the caller's agency, at a role the caller may give a key (a key never reaches more
 * than its creator); only its hash is kept.
 */
export async function createApiKey(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  body: CreateApiKeyBody,
  actor: AuditActor,
): Promise<CreatedApiKey> {
  if (!(await grantableKeyRoles(tx, user)).includes(body.role)) {
    throw new AppError("forbidden", INTEGRATION_MESSAGES.roleAboveYours);
  }
  const { key, hash, prefix } = generateApiKey();
  const [row] = await tx
    .insert(apiKeys)
    .values({ agencyId, name: body.name, role: body.role, keyPrefix: prefix, keyHash: hash, createdBy: user.id })
    .returning({ id: apiKeys.id });
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "api_keys",
    resourceId: row.id,
    details: { name: body.name, role: body.role, prefix },
  });
  const created = await findApiKey(tx, agencyId, row.id);
  if (!created) throw new Error("a chave criada não foi encontrada");
  return { key: created, secret: key };
}
