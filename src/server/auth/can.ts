import { and, eq } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import { type Action, allows } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import type { Queryable } from "../db/client.ts";
import { rolePermissions } from "../db/schema.ts";

/**
 * can(user, module, action): the one server-side decision, the same as SQL has_permission.
 * Missing pieces deny (spec §5); super admin always passes without asking the database.
 */
export async function can(
  db: Queryable,
  user: { id: string; role: Role } | null | undefined,
  module: Module | null | undefined,
  action: Action | null | undefined,
): Promise<boolean> {
  if (!user?.id || !user.role || !module || !action) return false;
  if (user.role === "super_admin") return true;
  const [row] = await db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, user.role), eq(rolePermissions.module, module)))
    .limit(1);
  return allows(row, action);
}
