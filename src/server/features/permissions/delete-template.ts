import { eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { permissionTemplates } from "../../db/schema.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";
import { findTemplate } from "./template-row.ts";

export async function deleteTemplate(
  tenant: Tenant,
  user: SessionUser,
  id: string,
  request: RequestMeta,
): Promise<{ ok: true }> {
  return tenant(async (tx) => {
    const template = await findTemplate(tx, id);
    await tx.delete(permissionTemplates).where(eq(permissionTemplates.id, id));
    await recordAudit(tx, actorOf(user, request), {
      action: "delete_template",
      resourceType: "permission_templates",
      resourceId: id,
      details: { name: template.name, role: template.role },
    });
    return { ok: true };
  });
}
