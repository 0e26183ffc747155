import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";

/** Every table whose rows belong to an agency, by agency_id; the backup covers each of them. */
const TENANT_TABLES = [
  "agency_settings",
  "agency_invites",
  "audit_logs",
  "customers",
  "projects",
  "leads",
  "tasks",
] as const;

export type AgencyExport = {
  exportedAt: string;
  agency: Record<string, unknown>;
  profiles: Record<string, unknown>[];
  user_roles: Record<string, unknown>[];
} & Record<(typeof TENANT_TABLES)[number], Record<string, unknown>[]>;

/** Invite tokens are credentials: a backup file should not let whoever holds it join an agency. */
function redactTokens(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map(({ token: _token, ...rest }) => rest);
}

async function rowsOf(tx: Tx, table: string, agencyId: string | null) {
  const where = agencyId ? sql`where agency_id = ${agencyId}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(tx, sql`select * from ${sql.identifier(table)} ${where}`);
  return table === "agency_invites" ? redactTokens(rows) : rows;
}

async function tenantTables(tx: Tx, agencyId: string | null) {
  const entries = [];
  for (const table of TENANT_TABLES) entries.push([table, await rowsOf(tx, table, agencyId)] as const);
  return Object.fromEntries(entries) as Record<(typeof TENANT_TABLES)[number], Record<string, unknown>[]>;
}

export async function exportAgency(tx: Tx, agencyId: string, now: Date): Promise<AgencyExport | null> {
  const [agency] = await queryRows<Record<string, unknown>>(tx, sql`select * from agencies where id = ${agencyId}`);
  if (!agency) return null;
  const profiles = await queryRows<Record<string, unknown>>(
    tx,
    sql`select * from profiles where agency_id = ${agencyId} order by created_at`,
  );
  const roles = await queryRows<Record<string, unknown>>(
    tx,
    sql`select r.* from user_roles r join profiles p on p.id = r.user_id where p.agency_id = ${agencyId}`,
  );
  return {
    exportedAt: now.toISOString(),
    agency,
    profiles,
    user_roles: roles,
    ...(await tenantTables(tx, agencyId)),
  };
}

export async function exportPlatform(tx: Tx, now: Date) {
  const all = (table: string) => queryRows<Record<string, unknown>>(tx, sql`select * from ${sql.identifier(table)}`);
  return {
    exportedAt: now.toISOString(),
    agencies: await all("agencies"),
    profiles: await all("profiles"),
    user_roles: await all("user_roles"),
    role_permissions: await all("role_permissions"),
    permission_templates: await all("permission_templates"),
    ...(await tenantTables(tx, null)),
  };
}
