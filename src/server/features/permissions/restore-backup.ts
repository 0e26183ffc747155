import { and, eq } from "drizzle-orm";
import { PERMISSION_MESSAGES, permissionsFileSchema } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { auditLogs } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isBackupRow } from "./backup-rows.ts";
import { replacePermissionRecords } from "./permission-records.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/** Replaces ALL role_permissions with exactly the backed-up rows, in one transaction. */
export async function restoreBackup(
  tenant: Tenant,
  user: SessionUser,
  id: string,
  request: RequestMeta,
): Promise<{ total_permissions: number }> {
  return tenant(async (tx) => {
    const [backup] = await tx
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.id, id), isBackupRow()));
    if (!backup) throw new AppError("not_found", PERMISSION_MESSAGES.backupNotFound);
    const snapshot = permissionsFileSchema.safeParse(backup.details);
    if (!snapshot.success) throw new AppError("bad_request", PERMISSION_MESSAGES.invalidFormat);
    const { permissions } = snapshot.data;
    await replacePermissionRecords(tx, permissions);
    await recordAudit(tx, actorOf(user, request), {
      action: "restore_backup",
      resourceType: "role_permissions",
      resourceId: id,
      details: { total_permissions: permissions.length },
    });
    return { total_permissions: permissions.length };
  });
}
