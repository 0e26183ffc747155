import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { PgliteSession, PgliteTransaction } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Db, Tx } from "./client.ts";
import { type ContextStatement, queryInContext } from "./pg-statement-in-context.ts";
import { registerRowsQuery, type RowsQuery } from "./prepared-rows.ts";
import type { PgliteQueryClient, PreparedPglite } from "./pglite-prepared.ts";

/**
 * Runs fn in a transaction opened by `begin`: "BEGIN" plus setup statements as one
 * simple-protocol string, so opening and configuring the transaction cost one round trip.
 */
export type TransactionRunner = <T>(begin: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** What drizzle's own transaction() hands its session: dialect, relational schema and options. */
type SessionParts = { dialect: unknown; schema: unknown; options: unknown };

function sessionParts(db: Db): SessionParts {
  const session = (db as unknown as { session: { schema: unknown; options: unknown } }).session;
  return { dialect: (db as unknown as { dialect: unknown }).dialect, schema: session.schema, options: session.options };
}

/** A prepared statement's rows as arrays on a node-postgres client (or one that queries like it). */
function pgRowsQuery(client: {
  query: (config: pg.QueryArrayConfig, values?: unknown[]) => Promise<{ rows: unknown[][] }>;
}): RowsQuery {
  return async ({ name, text }, values) => (await client.query({ name, text, rowMode: "array" }, values)).rows;
}

/**
 * node-postgres: a pool client for the transaction, like drizzle's transaction(), with our BEGIN.
 * The drizzle transaction object of each pooled connection is built once and reused (it holds
 * nothing but the connection), so prepared queries kept per transaction object live as long
 * as the connection's own prepared statements.
 */
export function postgresTransactionRunner(db: Db, pool: pg.Pool): TransactionRunner {
  const { dialect, schema, options } = sessionParts(db);
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  const transactionOf = (client: pg.PoolClient): Tx => {
    let tx = transactions.get(client);
    if (!tx) {
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's session classes are typed for its own internals
      const session = new NodePgSession(client, dialect as any, schema as any, options as any);
      // biome-ignore lint/suspicious/noExplicitAny: same
      tx = new NodePgTransaction(dialect as any, session, schema as any) as unknown as Tx;
      registerRowsQuery(tx, pgRowsQuery(client));
      transactions.set(client, tx);
    }
    return tx;
  };
  return async (begin, fn) => {
    const client = await pool.connect();
    const tx = transactionOf(client);
    let releaseError: Error | undefined;
    try {
      await client.query(begin);
      const result = await fn(tx);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot even roll back is destroyed instead of going back to the pool.
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        releaseError = rollbackError;
      });
      throw error;
    } finally {
      client.release(releaseError);
    }
  };
}

/**
 * Runs fn with every statement it sends in its own implicit transaction, right after `context`
 * (one round trip each, no BEGIN or COMMIT): for work whose statements share nothing but the
 * context. Transaction-local settings of fn's own would end with their statement, so a
 * statement that tries is refused (pass the setting in the context instead).
 */
export type StatementRunner = <T>(context: ContextStatement, fn: (tx: Tx) => Promise<T>) => Promise<T>;

const TRANSACTION_STATE = /\bset_config\s*\(|^\s*(set|begin|start|commit|rollback|end|savepoint)\b/i;

type QueryArgs = [config: string | { text: string; name?: string; rowMode?: "array" }, values?: unknown[]];

/** The client drizzle sees: each query goes out behind the current context, on the pooled connection. */
class ContextClient {
  context: ContextStatement | null = null;

  constructor(private readonly client: pg.PoolClient) {}

  query(...[config, values]: QueryArgs) {
    const queryConfig = typeof config === "string" ? { text: config } : config;
    if (!this.context) throw new Error("statement sent outside its request's context (not awaited?)");
    if (TRANSACTION_STATE.test(queryConfig.text)) {
      throw new Error("each statement here is its own transaction: pass transaction settings in the context");
    }
    const context = this.context;
    return queryInContext(this.client, context, queryConfig, values).then((result) => {
      context.onStatementDone?.();
      return result;
    });
  }
}

/** node-postgres: one pooled connection for fn; its drizzle transaction object is built once per connection. */
export function postgresStatementRunner(db: Db, pool: pg.Pool): StatementRunner {
  const { dialect, schema, options } = sessionParts(db);
  const connections = new WeakMap<pg.PoolClient, { tx: Tx; client: ContextClient }>();
  const connectionOf = (poolClient: pg.PoolClient) => {
    let connection = connections.get(poolClient);
    if (!connection) {
      const client = new ContextClient(poolClient);
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's session classes are typed for its own internals
      const session = new NodePgSession(client as any, dialect as any, schema as any, options as any);
      // biome-ignore lint/suspicious/noExplicitAny: same
      const tx = new NodePgTransaction(dialect as any, session, schema as any) as unknown as Tx;
      registerRowsQuery(tx, pgRowsQuery(client));
      connection = { tx, client };
      connections.set(poolClient, connection);
    }
    return connection;
  };
  return async (context, fn) => {
    const poolClient = await pool.connect();
    const connection = connectionOf(poolClient);
    connection.client.context = context;
    try {
      return await fn(connection.tx);
    } finally {
      // Statements still queued keep the context they were sent with; new ones are refused.
      connection.client.context = null;
      // Every statement ended its own transaction; the pool drops a connection that broke.
      poolClient.release();
    }
  };
}

/**
 * PGlite through preparedPglite: BEGIN with its setup is one call into the WASM backend.
 * Its in-transaction client is always the same object, so is the drizzle transaction built on it.
 */
export function pgliteTransactionRunner(db: Db, client: PreparedPglite): TransactionRunner {
  const { dialect, schema, options } = sessionParts(db);
  let tx: Tx | undefined;
  const transactionOf = (txClient: PgliteQueryClient): Tx => {
    if (!tx) {
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's session classes are typed for its own internals
      const session = new PgliteSession(txClient as any, dialect as any, schema as any, options as any);
      // biome-ignore lint/suspicious/noExplicitAny: same
      tx = new PgliteTransaction(dialect as any, session, schema as any) as unknown as Tx;
      registerRowsQuery(tx, async ({ text }, values) => {
        return (await txClient.query<unknown[]>(text, values, { rowMode: "array" })).rows;
      });
    }
    return tx;
  };
  return (begin, fn) => client.transactionWith(begin, (txClient) => fn(transactionOf(txClient)));
}
