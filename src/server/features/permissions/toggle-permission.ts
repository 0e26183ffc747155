import { and, eq } from "drizzle-orm";
import { NO_PERMISSION, withToggledAction } from "#domain/permissions.ts";
import { type PermissionRecord, type TogglePermissionBody, toRecord } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { rolePermissions } from "../../db/schema.ts";
import { upsertPermissionRecords } from "./permission-records.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/** One switch of the table, with the implied-view rule applied here, on the server. */
export async function togglePermission(
  tenant: Tenant,
  user: SessionUser,
  body: TogglePermissionBody,
  request: RequestMeta,
): Promise<PermissionRecord> {
  const { role, module, action, enabled } = body;
  return tenant(async (tx) => {
    const [current] = await tx
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.role, role), eq(rolePermissions.module, module)))
      .for("update");
    const before = current ?? NO_PERMISSION;
    const after = toRecord({ role, module, ...withToggledAction(before, action, enabled) });
    await upsertPermissionRecords(tx, [after]);
    await recordAudit(tx, actorOf(user, request), {
      action: "change_permissions",
      resourceType: "role_permissions",
      resourceId: `${role}:${module}`,
      details: { role, module, action, enabled, before: toRecord({ ...before, role, module }), after },
    });
    return after;
  });
}
