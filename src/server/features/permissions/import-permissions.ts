import type { PermissionRecord } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { upsertPermissionRecords } from "./permission-records.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/**
 * Writes the imported rows, already checked whole by the body schema, in one transaction:
 * every row lands or none does. Rows of role × module pairs not in the file are kept.
 */
export async function importPermissions(
  tenant: Tenant,
  user: SessionUser,
  records: PermissionRecord[],
  request: RequestMeta,
): Promise<{ total_permissions: number }> {
  return tenant(async (tx) => {
    await upsertPermissionRecords(tx, records);
    await recordAudit(tx, actorOf(user, request), {
      action: "import_permissions",
      resourceType: "role_permissions",
      details: { total_permissions: records.length, roles: [...new Set(records.map((r) => r.role))] },
    });
    return { total_permissions: records.length };
  });
}
