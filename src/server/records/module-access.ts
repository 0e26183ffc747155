import { inArray } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import { type Actor, actingRoles } from "../auth/acting-roles.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";

/** What the caller's role may see of each module: view at all, and which records (scope). */
export type ModuleAccess = {
  canView(module: Module): boolean;
  scopeOf(module: Module): RecordScope;
};

/**
 * One read of the caller's role rows (super admin: everything, all records). With an API key,
 * both acting roles must allow a view and reach all records for "all".
 */
export async function moduleAccessOf(tx: Queryable, user: Actor & Pick<SessionUser, "isSuperAdmin">) {
  if (user.isSuperAdmin) return { canView: () => true, scopeOf: () => "all" } satisfies ModuleAccess;
  const roles = actingRoles(user);
  const rows = await tx
    .select({
      role: rolePermissions.role,
      module: rolePermissions.module,
      canView: rolePermissions.canView,
      scope: rolePermissions.recordScope,
    })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, roles));
  const rowsOf = (module: Module) => roles.map((role) => rows.find((r) => r.role === role && r.module === module));
  return {
    canView: (module) => rowsOf(module).every((row) => row?.canView === true),
    // A missing row narrows to "own", like recordScopeOf.
    scopeOf: (module): RecordScope => (rowsOf(module).every((row) => row?.scope === "all") ? "all" : "own"),
  } satisfies ModuleAccess;
}
