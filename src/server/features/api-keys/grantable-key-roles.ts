import { sql } from "drizzle-orm";
import { ASSIGNABLE_ROLES, canGrantRole, type Role } from "#domain/roles.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { queryRows, type Tx } from "../../db/client.ts";

/**
 * The roles the user may give an API key: no higher than its own (canGrantRole) and with every
 * permission also the user's own, each flag of each module and a record scope of "all" only where
 * the user's is "all" too. Ranks alone let a role of rank 0 (automation, say) mint a key of
 * another rank-0 role (a closer) and reach modules it has not. The creation form offers exactly
 * these, and creation refuses any other.
 */
export async function grantableKeyRoles(tx: Tx, user: Pick<SessionUser, "role" | "isSuperAdmin">): Promise<Role[]> {
  const ranked = ASSIGNABLE_ROLES.filter((role) => canGrantRole(user.role, role));
  if (user.isSuperAdmin || ranked.length === 0) return ranked;
  const rows = await queryRows<{ role: Role }>(
    tx,
    sql`select t.role from role_permissions t
          left join role_permissions c on c.role = ${user.role} and c.module = t.module
         where t.role in (${sql.join(
           ranked.map((role) => sql`${role}`),
           sql`, `,
         )})
         group by t.role
        having not bool_or((t.can_view and not coalesce(c.can_view, false))
                        or (t.can_create and not coalesce(c.can_create, false))
                        or (t.can_edit and not coalesce(c.can_edit, false))
                        or (t.can_delete and not coalesce(c.can_delete, false))
                        or (t.can_view and t.record_scope = 'all' and coalesce(c.record_scope, 'own') <> 'all'))`,
  );
  const within = new Set(rows.map((row) => row.role));
  return ranked.filter((role) => within.has(role));
}
