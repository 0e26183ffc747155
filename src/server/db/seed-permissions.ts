import { sql } from "drizzle-orm";
import { defaultPermissionRows } from "#domain/permissions.ts";
import type { Db } from "./client.ts";
import { rolePermissions } from "./schema.ts";

/**
 * Fills role_permissions from the spec's role-to-module map the first time, and adds rows
 * for modules or roles introduced later; rows someone already edited are left alone.
 */
export async function seedRolePermissions(db: Db): Promise<void> {
  await db
    .insert(rolePermissions)
    .values(defaultPermissionRows())
    .onConflictDoNothing({ target: [rolePermissions.role, rolePermissions.module] });
  await db.execute(sql`analyze role_permissions`);
}
