import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";

/** Whether the platform already has its super admin (spec §7: the setup check). */
export async function superAdminExists(db: Queryable): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from user_roles where role = 'super_admin' limit 1`,
  );
  return rows.length > 0;
}
