import { sql } from "drizzle-orm";
import { BACKUP_LIST_LIMIT, type PermissionBackup } from "#domain/schemas/permissions.ts";
import { queryRows, type Tx } from "../../db/client.ts";

type Row = {
  id: string;
  created_at: string | Date;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  total: number | null;
};

/** The newest 10 backups, without their (large) snapshots. */
export async function listBackups(tx: Tx): Promise<PermissionBackup[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select l.id, l.created_at, p.email, p.first_name, p.last_name,
               (l.details->>'total_permissions')::int as total
          from audit_logs l left join profiles p on p.id = l.user_id
         where l.resource_type = 'role_permissions' and l.action = 'create_backup'
         order by l.created_at desc, l.id desc
         limit ${BACKUP_LIST_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: [row.first_name, row.last_name].filter(Boolean).join(" ").trim() || row.email,
    totalPermissions: row.total ?? 0,
  }));
}
