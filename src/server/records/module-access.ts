import { eq } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";

/** What the caller's role may see of each module: view at all, and which records (scope). */
export type ModuleAccess = {
  canView(module: Module): boolean;
  scopeOf(module: Module): RecordScope;
};

/** One read of the caller's role rows (super admin: everything, all records). */
export async function moduleAccessOf(tx: Queryable, user: Pick<SessionUser, "role" | "isSuperAdmin">) {
  if (user.isSuperAdmin) return { canView: () => true, scopeOf: () => "all" } satisfies ModuleAccess;
  const rows = await tx
    .select({ module: rolePermissions.module, canView: rolePermissions.canView, scope: rolePermissions.recordScope })
    .from(rolePermissions)
    .where(eq(rolePermissions.role, user.role));
  const byModule = new Map(rows.map((row) => [row.module, row]));
  return {
    canView: (module) => byModule.get(module)?.canView === true,
    // A missing row narrows to "own", like recordScopeOf.
    scopeOf: (module) => byModule.get(module)?.scope ?? "own",
  } satisfies ModuleAccess;
}
