import type { z } from "zod";
import type { createTemplateSchema, PermissionTemplate } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { permissionTemplates } from "../../db/schema.ts";
import { loadPermissionRecords } from "./permission-records.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";
import { templateFlagsByModule, toTemplate } from "./template-row.ts";

/** A template is the role's switches at this moment, keyed by module (not its record scopes). */
export async function createTemplate(
  tenant: Tenant,
  user: SessionUser,
  body: z.output<typeof createTemplateSchema>,
  request: RequestMeta,
): Promise<PermissionTemplate> {
  return tenant(async (tx) => {
    const records = await loadPermissionRecords(tx, body.role);
    const permissions = templateFlagsByModule(Object.fromEntries(records.map(({ module, ...row }) => [module, row])));
    const [row] = await tx
      .insert(permissionTemplates)
      .values({ name: body.name, description: body.description, role: body.role, permissions, createdBy: user.id })
      .returning();
    await recordAudit(tx, actorOf(user, request), {
      action: "create_template",
      resourceType: "permission_templates",
      resourceId: row.id,
      details: { name: row.name, role: body.role, modules: records.length },
    });
    return toTemplate(row);
  });
}
