import { and, eq } from "drizzle-orm";
import { PERMISSION_MESSAGES, type RecordScopeChange } from "#domain/schemas/permissions.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { rolePermissions } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { actorOf, type RequestMeta, type Tenant } from "./request-types.ts";

/**
 * Whether a role reaches all of a module's records in its agency or only its own (issue 16 §7):
 * the same column the query layer (recordScopeOf) and row-level security (app_scope_all) read.
 */
export async function setRecordScope(
  tenant: Tenant,
  user: SessionUser,
  body: RecordScopeChange,
  request: RequestMeta,
): Promise<{ role: string; module: string; record_scope: string }> {
  return tenant(async (tx) => {
    const [current] = await tx
      .select({ recordScope: rolePermissions.recordScope })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.role, body.role), eq(rolePermissions.module, body.module)))
      .for("update");
    if (!current) throw new AppError("not_found", PERMISSION_MESSAGES.invalidFormat);
    await tx
      .update(rolePermissions)
      .set({ recordScope: body.recordScope })
      .where(and(eq(rolePermissions.role, body.role), eq(rolePermissions.module, body.module)));
    await recordAudit(tx, actorOf(user, request), {
      action: "change_permissions",
      resourceType: "role_permissions",
      resourceId: `${body.role}:${body.module}`,
      details: {
        role: body.role,
        module: body.module,
        recordScope: { from: current.recordScope, to: body.recordScope },
      },
    });
    return { role: body.role, module: body.module, record_scope: body.recordScope };
  });
}

/** Every role × module record scope, for the permissions table's select. */
export async function listRecordScopes(
  tx: Tx,
): Promise<{ role: string; module: string; record_scope: "all" | "own" }[]> {
  return tx
    .select({ role: rolePermissions.role, module: rolePermissions.module, record_scope: rolePermissions.recordScope })
    .from(rolePermissions);
}
