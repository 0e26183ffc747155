import { asc, inArray } from "drizzle-orm";
import type { RolePermissionSummary } from "#domain/schemas/agency-users.ts";
import { ASSIGNABLE_ROLES, normalizeRole } from "#domain/roles.ts";
import type { Tx } from "../../db/client.ts";
import { PERMISSION_FLAG_COLUMNS } from "../../db/permission-flag-columns.ts";
import { rolePermissions } from "../../db/schema.ts";

/** Read-only roles × modules matrix for the Permissões tab: every role an agency can hold. */
export async function listRolePermissions(tx: Tx): Promise<RolePermissionSummary[]> {
  const rows = await tx
    .select({
      role: rolePermissions.role,
      module: rolePermissions.module,
      ...PERMISSION_FLAG_COLUMNS,
    })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, ASSIGNABLE_ROLES))
    .orderBy(asc(rolePermissions.role), asc(rolePermissions.module));
  return rows.map((row) => ({ ...row, role: normalizeRole(row.role) }));
}
