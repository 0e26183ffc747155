import { and, eq, inArray } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { RecordScope } from "#domain/permissions.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";
import { type Actor, actingRoles } from "./acting-roles.ts";

/**
 * Which of a module's records the user reaches: "all" of its agency or only its "own" (owned,
 * assigned or member of). The query layer filters with it; row-level security applies the same
 * rule through app_scope_all(module) (migrations 0009, 0053). Missing rows narrow to "own"; so
 * does any acting role (an API key's creator) that reaches only its own.
 */
export async function recordScopeOf(db: Queryable, user: Actor, module: Module): Promise<RecordScope> {
  if (user.role === "super_admin") return "all";
  const roles = actingRoles(user);
  const rows = await db
    .select({ role: rolePermissions.role, recordScope: rolePermissions.recordScope })
    .from(rolePermissions)
    .where(and(inArray(rolePermissions.role, roles), eq(rolePermissions.module, module)));
  const all = roles.every((role) => rows.find((row) => row.role === role)?.recordScope === "all");
  return all ? "all" : "own";
}
