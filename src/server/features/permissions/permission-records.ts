import { eq, sql } from "drizzle-orm";
import { isModule, MODULES } from "#domain/modules.ts";
import { defaultRecordScope, FULL_PERMISSION, withImpliedView } from "#domain/permissions.ts";
import { isRole, ROLES, type Role } from "#domain/roles.ts";
import { type PermissionRecord, type PermissionRow, toFlags, toRecord } from "#domain/schemas/permissions.ts";
import type { Tx } from "../../db/client.ts";
import { rolePermissions } from "../../db/schema.ts";

const roleOrder = (role: string) => ROLES.indexOf(role as Role);
const moduleOrder = (module: string) => MODULES.indexOf(module as (typeof MODULES)[number]);

/** Every role_permissions row of a known role and module, in role then catalogue order. */
export async function loadPermissionRows(tx: Tx, role?: Role): Promise<PermissionRow[]> {
  const query = tx.select().from(rolePermissions);
  const rows = role ? await query.where(eq(rolePermissions.role, role)) : await query;
  return rows
    .flatMap((row) => {
      const { role: rowRole, module } = row;
      if (!isRole(rowRole) || !isModule(module)) return [];
      return [{ id: row.id, ...toRecord({ ...row, role: rowRole, module }) }];
    })
    .sort((a, b) => roleOrder(a.role) - roleOrder(b.role) || moduleOrder(a.module) - moduleOrder(b.module));
}

export async function loadPermissionRecords(tx: Tx, role?: Role): Promise<PermissionRecord[]> {
  return (await loadPermissionRows(tx, role)).map(({ id: _id, ...record }) => record);
}

/**
 * The invariants every written row keeps: writes imply view; super admin keeps everything; a
 * row without a record scope (a file from before scopes) takes the role's default, never the
 * column's "all", which would widen a salesperson's or a client's reach.
 */
function normalized(record: PermissionRecord) {
  const flags = record.role === "super_admin" ? FULL_PERMISSION : withImpliedView(toFlags(record));
  const recordScope = record.record_scope ?? defaultRecordScope(record.role, record.module);
  return { role: record.role, module: record.module, ...flags, recordScope };
}

const FLAG_UPDATES = {
  canView: sql`excluded.can_view`,
  canCreate: sql`excluded.can_create`,
  canEdit: sql`excluded.can_edit`,
  canDelete: sql`excluded.can_delete`,
};

async function upsertRows(tx: Tx, records: PermissionRecord[], set: Record<string, unknown>): Promise<void> {
  if (records.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(records.map(normalized))
    .onConflictDoUpdate({ target: [rolePermissions.role, rolePermissions.module], set });
}

/**
 * Inserts or updates the given rows; rows not given are left as they are, and so is the record
 * scope of an existing row the record says nothing about.
 */
export async function upsertPermissionRecords(tx: Tx, records: PermissionRecord[]): Promise<void> {
  const scoped = records.filter((record) => record.record_scope);
  const unscoped = records.filter((record) => !record.record_scope);
  await upsertRows(tx, scoped, { ...FLAG_UPDATES, recordScope: sql`excluded.record_scope` });
  await upsertRows(tx, unscoped, FLAG_UPDATES);
}

/** Replaces every row (role given: that role's rows) with exactly the given ones. */
export async function replacePermissionRecords(tx: Tx, records: PermissionRecord[], role?: Role): Promise<void> {
  if (role) await tx.delete(rolePermissions).where(eq(rolePermissions.role, role));
  else await tx.delete(rolePermissions);
  if (records.length > 0) await tx.insert(rolePermissions).values(records.map(normalized));
}
