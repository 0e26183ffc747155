import { and, eq } from "drizzle-orm";
import { PERMISSION_MESSAGES } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { auditLogs } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isBackupRow } from "./backup-rows.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/** Deletes a backup's audit row (never any other audit row) and records that it did. */
export async function deleteBackup(
  tenant: Tenant,
  user: SessionUser,
  id: string,
  request: RequestMeta,
): Promise<{ ok: true }> {
  return tenant(async (tx) => {
    const removed = await tx
      .delete(auditLogs)
      .where(and(eq(auditLogs.id, id), isBackupRow()))
      .returning({ id: auditLogs.id });
    if (removed.length === 0) throw new AppError("not_found", PERMISSION_MESSAGES.backupNotFound);
    await recordAudit(tx, actorOf(user, request), {
      action: "delete_backup",
      resourceType: "role_permissions",
      resourceId: id,
    });
    return { ok: true };
  });
}
