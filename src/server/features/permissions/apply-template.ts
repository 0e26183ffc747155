import { MODULES } from "#domain/modules.ts";
import type { Role } from "#domain/roles.ts";
import type { PermissionRecord } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { upsertPermissionRecords } from "./permission-records.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";
import { findTemplate, NO_FLAGS, toTemplate } from "./template-row.ts";

/**
 * Sets every module's switches of the role to the template's, in one transaction; modules it
 * lacks get none. Record scopes stay as they are: a template says nothing about them.
 */
export async function applyTemplate(
  tenant: Tenant,
  user: SessionUser,
  id: string,
  role: Role,
  request: RequestMeta,
): Promise<{ ok: true }> {
  return tenant(async (tx) => {
    const template = toTemplate(await findTemplate(tx, id));
    const records: PermissionRecord[] = MODULES.map((module) => ({
      role,
      module,
      ...NO_FLAGS,
      ...template.permissions[module],
    }));
    await upsertPermissionRecords(tx, records);
    await recordAudit(tx, actorOf(user, request), {
      action: "apply_template",
      resourceType: "permission_templates",
      resourceId: id,
      details: { name: template.name, role },
    });
    return { ok: true };
  });
}
