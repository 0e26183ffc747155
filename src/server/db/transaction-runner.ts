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

/** node-postgres: a pool client for the transaction, like drizzle's transaction(), with our BEGIN. */
export function postgresTransactionRunner(db: Db, pool: pg.Pool): TransactionRunner {
  const { dialect, schema, options } = sessionParts(db);
  return async (begin, fn) => {
    const client = await pool.connect();
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's session classes are typed for its own internals
    const session = new NodePgSession(client, dialect as any, schema as any, options as any);
    // biome-ignore lint/suspicious/noExplicitAny: same
    const tx = new NodePgTransaction(dialect as any, session, schema as any) as unknown as Tx;
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

/** PGlite through preparedPglite: BEGIN with its setup is one call into the WASM backend. */
export function pgliteTransactionRunner(db: Db, client: PreparedPglite): TransactionRunner {
  const { dialect, schema, options } = sessionParts(db);
  return (begin, fn) =>
    client.transactionWith(begin, (txClient: PgliteQueryClient) => {
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's session classes are typed for its own internals
      const session = new PgliteSession(txClient as any, dialect as any, schema as any, options as any);
      // biome-ignore lint/suspicious/noExplicitAny: same
      return fn(new PgliteTransaction(dialect as any, session, schema as any) as unknown as Tx);
    });
}
