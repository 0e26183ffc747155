import { and, eq, inArray } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import { type Action, allows } from "#domain/permissions.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";
import { type Actor, actingRoles } from "./acting-roles.ts";

/**
 * can(user, module, action): the one server-side decision, the same as SQL has_permission.
 * Missing pieces deny (spec §5); super admin always passes without asking the database. Every
 * acting role must allow it (an API key's and its creator's).
 */
export async function can(
  db: Queryable,
  user: (Actor & { id: string }) | null | undefined,
  module: Module | null | undefined,
  action: Action | null | undefined,
): Promise<boolean> {
  if (!user?.id || !user.role || !module || !action) return false;
  if (user.role === "super_admin") return true;
  const roles = actingRoles(user);
  const rows = await db
    .select()
    .from(rolePermissions)
    .where(and(inArray(rolePermissions.role, roles), eq(rolePermissions.module, module)));
  return roles.every((role) =>
    allows(
      rows.find((row) => row.role === role),
      action,
    ),
  );
}
