import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { PgliteSession, PgliteTransaction } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Db, Tx } from "./client.ts";
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
    }
    return tx;
  };
  return (begin, fn) => client.transactionWith(begin, (txClient) => fn(transactionOf(txClient)));
}
