import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "./client.ts";

export const APP_ROLE = "nexo_app";

export type TenantContext = {
  userId: string | null;
  agencyId: string | null;
  isSuperAdmin: boolean;
};

/**
 * Runs fn in one transaction as the application role with the request's tenant context
 * set transaction-locally (one statement), so row-level security scopes every query.
 */
export async function withTenant<T>(db: Db, context: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('role', ${APP_ROLE}, true),
      set_config('app.user_id', ${context.userId ?? ""}, true),
      set_config('app.agency_id', ${context.agencyId ?? ""}, true),
      set_config('app.is_super_admin', ${context.isSuperAdmin ? "true" : "false"}, true)`);
    return fn(tx);
  });
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
