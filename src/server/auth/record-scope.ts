import { and, eq } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";

/**
 * Which of a module's records the user reaches: "all" of its agency or only its "own" (owned,
 * assigned or member of). The query layer filters with it; row-level security applies the same
 * rule through app_scope_all(module) (migration 0009). Missing rows narrow to "own".
 */
export async function recordScopeOf(db: Queryable, user: { role: Role }, module: Module): Promise<RecordScope> {
  if (user.role === "super_admin") return "all";
  const [row] = await db
    .select({ recordScope: rolePermissions.recordScope })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, user.role), eq(rolePermissions.module, module)))
    .limit(1);
  return row?.recordScope ?? "own";
}
