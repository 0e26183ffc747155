import type { PermissionBackup } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { loadPermissionRecords } from "./permission-records.ts";
import { listBackups } from "./list-backups.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/** Snapshots every role_permissions row into one audit_logs row; answers the newest backup. */
export async function createBackup(
  tenant: Tenant,
  user: SessionUser,
  request: RequestMeta,
): Promise<PermissionBackup | undefined> {
  return tenant(async (tx) => {
    const permissions = await loadPermissionRecords(tx);
    await recordAudit(tx, actorOf(user, request), {
      action: "create_backup",
      resourceType: "role_permissions",
      details: { permissions, total_permissions: permissions.length },
    });
    const [newest] = await listBackups(tx);
    return newest;
  });
}
