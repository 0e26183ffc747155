import { sql } from "drizzle-orm";
import { type Db, queryRows, quoteLiteral, runWithStatementContext, transactionWith, type Tx } from "./client.ts";
import type { ContextStatement } from "./pg-statement-in-context.ts";

export const APP_ROLE = "nexo_app";

export type TenantContext = {
  userId: string | null;
  agencyId: string | null;
  isSuperAdmin: boolean;
};

/**
 * A session the request was authorised with but has not re-read (auth/session-user.ts): read-only
 * statements on PostgreSQL are refused unless the auth epoch it was read at still stands and it
 * has not expired; each one that runs proves it.
 */
export type SessionProof = { authEpoch: string; expiresAt: number; onProven: () => void };

export type TenantOptions = {
  /** Refuse every write (GET requests). */
  readOnly?: boolean;
  /** Cancel a statement that runs longer (a search the user can narrow). */
  statementTimeoutMs?: number;
  sessionProof?: SessionProof;
};

/** The context's values as set_config takes them: user id, agency id, super admin flag. */
function contextValues(context: TenantContext): [string, string, string] {
  return [context.userId ?? "", context.agencyId ?? "", context.isSuperAdmin ? "true" : "false"];
}

/** The statement that makes a transaction the tenant's: role and context, transaction-local. */
function tenantSetup(context: TenantContext, { statementTimeoutMs }: TenantOptions): string {
  const [userId, agencyId, isSuperAdmin] = contextValues(context).map(quoteLiteral);
  const timeout =
    statementTimeoutMs === undefined
      ? ""
      : `,\n    set_config('statement_timeout', ${quoteLiteral(String(statementTimeoutMs))}, true)`;
  return `select set_config('role', ${quoteLiteral(APP_ROLE)}, true),
    set_config('app.user_id', ${userId}, true),
    set_config('app.agency_id', ${agencyId}, true),
    set_config('app.is_super_admin', ${isSuperAdmin}, true)${timeout}`;
}

/**
 * The same context for one read-only statement, sent just before it (migration 0007's
 * app_enter_tenant_read); with a session proof, refused if the session changed.
 */
function readContextStatement(
  context: TenantContext,
  { statementTimeoutMs, sessionProof }: TenantOptions,
): ContextStatement {
  return {
    name: "nexo_tenant_read_context",
    text: "select app_enter_tenant_read($1, $2, $3, $4, $5, $6)",
    values: [
      ...contextValues(context),
      statementTimeoutMs === undefined ? null : String(statementTimeoutMs),
      sessionProof?.authEpoch ?? null,
      sessionProof ? new Date(sessionProof.expiresAt).toISOString() : null,
    ],
    onStatementDone: sessionProof?.onProven,
  };
}

/**
 * Runs fn as the application role with the request's tenant context set transaction-locally,
 * so row-level security scopes every query. Normally one transaction, whose BEGIN and context
 * travel in one round trip (literals, quoted: the ids come from the session row). Read-only
 * work on PostgreSQL instead sends the context with each statement, each its own implicit
 * transaction: one round trip a statement and no BEGIN or COMMIT. Under READ COMMITTED every
 * statement reads its own snapshot either way, so reads see what they would in one transaction.
 * With a session proof, each statement also proves the session unchanged.
 */
export async function withTenant<T>(
  db: Db,
  context: TenantContext,
  fn: (tx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  if (options.readOnly) {
    const perStatement = runWithStatementContext(db, readContextStatement(context, options), fn);
    if (perStatement) return perStatement;
  }
  return transactionWith(db, tenantSetup(context, options), fn, { readOnly: options.readOnly });
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
