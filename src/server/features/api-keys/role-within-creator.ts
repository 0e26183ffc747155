import { sql } from "drizzle-orm";
import type { Role } from "#domain/roles.ts";
import { queryRows, type Tx } from "../../db/client.ts";

/**
 * Whether every permission of `target` is also the creator's: each flag of each module, and a
 * record scope of "all" only where the creator's is "all" too. Ranks alone let a role of rank 0
 * (automation, say) mint a key of another rank-0 role (a closer) and reach modules it has not.
 */
export async function roleWithinCreator(tx: Tx, creator: Role, target: Role): Promise<boolean> {
  const [row] = await queryRows<{ exceeds: boolean }>(
    tx,
    sql`select exists (
          select 1 from role_permissions t
            left join role_permissions c on c.role = ${creator} and c.module = t.module
           where t.role = ${target}
             and ((t.can_view and not coalesce(c.can_view, false))
               or (t.can_create and not coalesce(c.can_create, false))
               or (t.can_edit and not coalesce(c.can_edit, false))
               or (t.can_delete and not coalesce(c.can_delete, false))
               or (t.can_view and t.record_scope = 'all' and coalesce(c.record_scope, 'own') <> 'all'))
        ) as exceeds`,
  );
  return !row.exceeds;
}
