import { sql } from "drizzle-orm";
import { type Db, queryRows, quoteLiteral, transactionWith, type Tx } from "./client.ts";

export const APP_ROLE = "nexo_app";

export type TenantContext = {
  userId: string | null;
  agencyId: string | null;
  isSuperAdmin: boolean;
};

/** The statement that makes a transaction the tenant's: role and context, transaction-local. */
function tenantSetup(context: TenantContext): string {
  return `select set_config('role', ${quoteLiteral(APP_ROLE)}, true),
    set_config('app.user_id', ${quoteLiteral(context.userId ?? "")}, true),
    set_config('app.agency_id', ${quoteLiteral(context.agencyId ?? "")}, true),
    set_config('app.is_super_admin', ${quoteLiteral(context.isSuperAdmin ? "true" : "false")}, true)`;
}

/**
 * Runs fn in one transaction as the application role with the request's tenant context
 * set transaction-locally, so row-level security scopes every query. BEGIN and the context
 * travel in one round trip (literals, quoted: the ids come from the session row).
 */
export async function withTenant<T>(db: Db, context: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return transactionWith(db, tenantSetup(context), fn);
}

/**
 * Start-up guard: the application role must be subject to RLS (neither superuser nor
 * BYPASSRLS), or every policy would be decoration.
 */
export async function assertAppRoleIsConfined(db: Db, roleName = APP_ROLE): Promise<void> {
  const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
    db,
    sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${roleName}`,
  );
  if (!role) throw new Error(`O papel ${roleName} não existe: as migrações não foram aplicadas.`);
  if (role.rolsuper || role.rolbypassrls) {
    throw new Error(`O papel ${roleName} ignora a segurança por linha (superuser ou BYPASSRLS); recusando iniciar.`);
  }
}
