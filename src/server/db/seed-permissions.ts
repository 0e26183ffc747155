import { sql } from "drizzle-orm";
import { defaultPermissionRows } from "#domain/permissions.ts";
import { type Db, queryRows } from "./client.ts";
import { rolePermissions } from "./schema.ts";

/**
 * Fills role_permissions from the spec's role-to-module map the first time, and adds rows
 * for modules or roles introduced later; rows someone already edited are left alone.
 * On a normal start every pair exists and nothing is written (the start stays fast).
 */
export async function seedRolePermissions(db: Db): Promise<void> {
  const existing = await queryRows<{ role: string; module: string }>(
    db,
    sql`select role, module from role_permissions`,
  );
  const present = new Set(existing.map((row) => `${row.role}/${row.module}`));
  const missing = defaultPermissionRows().filter((row) => !present.has(`${row.role}/${row.module}`));
  if (missing.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(missing)
    .onConflictDoNothing({ target: [rolePermissions.role, rolePermissions.module] });
  await db.execute(sql`analyze role_permissions`);
}
