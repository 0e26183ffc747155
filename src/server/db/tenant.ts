import { sql } from "drizzle-orm";
import { type Database, type Db, type NamedStatement, queryRows, quoteLiteral, type Tx } from "./client.ts";

export const APP_ROLE = "nexo_app";

export type TenantContext = {
  userId: string | null;
  agencyId: string | null;
  isSuperAdmin: boolean;
  /** An API key request: row-level security takes the role from the key (migration 0027). */
  apiKeyId?: string | null;
};

/**
 * A session the request was authorised with but has not re-read (auth/session-user.ts): read-only
 * work is refused unless the auth epoch it was read at still stands and it has not expired; the
 * first statement that passes proves it.
 */
export type SessionProof = { authEpoch: string; expiresAt: number; onProven: () => void };

export type TenantOptions = {
  /** Refuse every write (GET requests). */
  readOnly?: boolean;
  /** Cancel a statement that runs longer (a search the user can narrow). */
  statementTimeoutMs?: number;
  sessionProof?: SessionProof;
  /** Every statement reads the data as it stood at the first (REPEATABLE READ): a read of many pages. */
  repeatableRead?: boolean;
};

/**
 * A statement for a hot path: SQL with $n parameters, written in full (no query builder), kept
 * prepared under its name (`nexo_` and lower-case words) on each connection.
 */
export type SqlStatement = NamedStatement;

/** What a statement's parameter may be: each is sent as a quoted literal. */
export type SqlValue = string | number | boolean | null;

/** One read statement in the request's tenant context, rows as arrays (see readTenantRows). */
export type TenantRows = (statement: SqlStatement, params: SqlValue[]) => Promise<unknown[][]>;

/** A statement and its parameters. */
export type TenantStatement = { statement: SqlStatement; params: SqlValue[] };

/**
 * One writing statement in the request's tenant context, as its own transaction, rows as arrays
 * (see writeTenantRows); `before` runs first in that transaction, each with a snapshot of its own.
 */
export type TenantWrite = (
  statement: SqlStatement,
  params: SqlValue[],
  options?: { before?: TenantStatement[] },
) => Promise<unknown[][]>;

/** A timestamptz column as the API's ISO text (UTC, milliseconds), inside a raw statement's text. */
export const isoTextOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A statement that reads nothing: after the tenant context, which proves a reused session, it lets
 * a handler that answers from memory (epoch-cache.ts) prove the session in one round trip.
 */
export const SESSION_PROOF_ONLY: SqlStatement = { name: "nexo_session_proof", text: "select true" };

const literal = (value: string | null) => (value === null ? "NULL" : quoteLiteral(value));

/** The context's values as set_config takes them: user id, agency id, super admin flag. */
function contextValues(context: TenantContext): [string, string, string] {
  return [context.userId ?? "", context.agencyId ?? "", context.isSuperAdmin ? "true" : "false"];
}

/**
 * The statement that makes a transaction the tenant's: role and context, transaction-local. With a
 * session proof it enters through app_enter_tenant_write (migration 0041), which refuses (NX001) a
 * session that changed, so the transaction writes nothing.
 */
function writeContextStatement(context: TenantContext, options: TenantOptions): string {
  if (options.sessionProof) return enterThrough("app_enter_tenant_write", context, options);
  const [userId, agencyId, isSuperAdmin] = contextValues(context).map(quoteLiteral);
  const { statementTimeoutMs } = options;
  const timeout =
    statementTimeoutMs === undefined
      ? ""
      : `,\n    set_config('statement_timeout', ${quoteLiteral(String(statementTimeoutMs))}, true)`;
  return `select set_config('role', ${quoteLiteral(APP_ROLE)}, true),
    set_config('app.user_id', ${userId}, true),
    set_config('app.agency_id', ${agencyId}, true),
    set_config('app.is_super_admin', ${isSuperAdmin}, true)${apiKeyContext(context)}${timeout}`;
}

/**
 * The arguments of app_enter_tenant_read (migration 0007/0010), the context of read-only work,
 * which also makes the transaction read only, and of app_enter_tenant_write (0041); with a session
 * proof both refuse (NX001) a session that changed. As SQL literals.
 */
function readContextLiterals(context: TenantContext, { statementTimeoutMs, sessionProof }: TenantOptions): string[] {
  return [
    ...contextValues(context),
    statementTimeoutMs === undefined ? null : String(statementTimeoutMs),
    sessionProof?.authEpoch ?? null,
    sessionProof ? new Date(sessionProof.expiresAt).toISOString() : null,
  ].map(literal);
}

/** The API key a request came with, set beside the rest of the context (empty otherwise). */
const apiKeyContext = (context: TenantContext) =>
  context.apiKeyId ? `,\n    set_config('app.api_key_id', ${quoteLiteral(context.apiKeyId)}, true)` : "";

/** The context entered through one of the functions taking readContextLiterals (app_enter_tenant_read or _write). */
const enterThrough = (fn: string, context: TenantContext, options: TenantOptions) =>
  `select ${fn}(${readContextLiterals(context, options).join(", ")})${apiKeyContext(context)}`;

const readContextStatement = (context: TenantContext, options: TenantOptions) =>
  enterThrough("app_enter_tenant_read", context, options);

/** readTenantRows' step that names the API key, after the context (which switched role). */
const API_KEY_CONTEXT: SqlStatement = {
  name: "nexo_enter_api_key",
  text: "select set_config('app.api_key_id', $1, true)",
};

/** The same, kept prepared: readTenantRows sends it before every statement. */
const READ_CONTEXT: SqlStatement = {
  name: "nexo_enter_tenant_read",
  text: "select app_enter_tenant_read($1, $2, $3, $4, $5, $6)",
};

/**
 * Runs fn as the application role with the request's tenant context set transaction-locally,
 * so row-level security scopes every query: one transaction, whose context is its first
 * statement (literals, quoted: the ids come from the session row). Read-only work enters
 * through app_enter_tenant_read, which with a session proof also proves the session.
 */
export async function withTenant<T>(
  database: Database,
  context: TenantContext,
  fn: (tx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  const readOnly = options.readOnly ?? false;
  const setup = readOnly ? readContextStatement(context, options) : writeContextStatement(context, options);
  return database.transaction(
    setup,
    (tx) => {
      // The context statement passed: the session it carried is proven.
      options.sessionProof?.onProven();
      return fn(tx);
    },
    { readOnly, repeatableRead: options.repeatableRead },
  );
}

/** A parameter as a SQL literal: text quoted, finite numbers and booleans as they are. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "string") return quoteLiteral(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

/**
 * One read-only statement in the tenant context, its rows as arrays of driver values: the
 * context (with the session proof, if any) and the statement, each prepared once per connection
 * and EXECUTEd, go as one simple-protocol message, which PostgreSQL runs as one implicit
 * transaction: one round trip, no BEGIN or COMMIT, and a refused context aborts the statement.
 * For the reads whose speed the bench measures (drizzle's per-field mapping of a 50-row page was
 * a fifth of the request's CPU); everything else goes through withTenant and drizzle.
 */
export async function readTenantRows(
  database: Database,
  context: TenantContext,
  statement: SqlStatement,
  params: SqlValue[],
  options: Omit<TenantOptions, "readOnly"> = {},
): Promise<unknown[][]> {
  const rows = await database.executeInOne([
    { statement: READ_CONTEXT, literals: readContextLiterals(context, options) },
    ...(context.apiKeyId ? [{ statement: API_KEY_CONTEXT, literals: [quoteLiteral(context.apiKeyId)] }] : []),
    { statement, literals: params.map(sqlLiteral) },
  ]);
  options.sessionProof?.onProven();
  return rows;
}

/** The write context (role and ids, transaction-local) kept prepared: writeTenantRows sends it first. */
const WRITE_CONTEXT: SqlStatement = {
  name: "nexo_enter_tenant_write",
  text: `select set_config('role', $1, true), set_config('app.user_id', $2, true),
    set_config('app.agency_id', $3, true), set_config('app.is_super_admin', $4, true)`,
};

/** The same with a session proof (app_enter_tenant_write, migration 0041). */
const PROVEN_WRITE_CONTEXT: SqlStatement = {
  name: "nexo_enter_tenant_write_proven",
  text: "select app_enter_tenant_write($1, $2, $3, $4, $5, $6)",
};

function writeContextStep(context: TenantContext, sessionProof: SessionProof | undefined) {
  return sessionProof
    ? { statement: PROVEN_WRITE_CONTEXT, literals: readContextLiterals(context, { sessionProof }) }
    : { statement: WRITE_CONTEXT, literals: [APP_ROLE, ...contextValues(context)].map(quoteLiteral) };
}

/**
 * One writing statement in the tenant context as its own transaction, its rows as arrays: the
 * context and the statement go as one simple-protocol message (one implicit transaction, committed
 * when the statement succeeds, rolled back when it fails): one round trip instead of BEGIN,
 * each statement and COMMIT. For the hot writes the bench loads (the timer, a deal's move); the
 * statement does its checks itself, in SQL, and answers what the caller needs to tell refusals
 * apart. `before` runs between the context and the statement (a lock the statement's snapshot must
 * come after: each statement of the message reads the data as it stands when that statement starts).
 * With a session proof, a session that changed is refused (NX001) before the statement runs.
 */
export async function writeTenantRows(
  database: Database,
  context: TenantContext,
  statement: SqlStatement,
  params: SqlValue[],
  { sessionProof, before = [] }: Pick<TenantOptions, "sessionProof"> & { before?: TenantStatement[] } = {},
): Promise<unknown[][]> {
  try {
    const rows = await database.executeInOne([
      writeContextStep(context, sessionProof),
      ...(context.apiKeyId ? [{ statement: API_KEY_CONTEXT, literals: [quoteLiteral(context.apiKeyId)] }] : []),
      ...[...before, { statement, params }].map((step) => ({
        statement: step.statement,
        literals: step.params.map(sqlLiteral),
      })),
    ]);
    sessionProof?.onProven();
    return rows;
  } catch (error) {
    // The server refused the statement itself (a unique violation, say): the context before it
    // passed, so the session was proven, and the refusal is the answer (the request is not rerun).
    if (sessionProof && isServerRefusal(error) && !isSessionChanged(error)) sessionProof.onProven();
    throw error;
  }
}

/** The SQLSTATE app_enter_tenant_read and app_enter_tenant_write raise for a session that changed. */
const SESSION_CHANGED = "NX001";

const sqlStateOf = (error: unknown) => (error as { code?: unknown }).code;
const isServerRefusal = (error: unknown) => typeof sqlStateOf(error) === "string";
const isSessionChanged = (error: unknown) => sqlStateOf(error) === SESSION_CHANGED;

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
