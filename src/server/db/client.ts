import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle whose every statement runs in one transaction (the tenant's: see withTenant). */
export type Tx = Db;
/** Either the database itself or a transaction: what a query function accepts. */
export type Queryable = Db | Tx;

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  kind: DatabaseKind;
  /**
   * The owner connection: it bypasses row-level security. Migrations, identity tables (sessions,
   * sign-in, invites) and platform maintenance only; tenant data goes through withTenant.
   * src/server/db/owner-connection.test.ts lists the files allowed to use it.
   */
  owner: Db;
  /**
   * Runs fn in a transaction whose first statements are `setup` (simple protocol, literals
   * only); BEGIN and setup go to the server together where the driver allows (node-postgres).
   */
  transaction<T>(setup: string, fn: (tx: Tx) => Promise<T>, options: { readOnly: boolean }): Promise<T>;
  /**
   * Runs `statements` (simple protocol: several statements, literals only) as one implicit
   * transaction in one round trip and returns the last statement's rows as arrays. A failing
   * statement aborts the rest.
   */
  lastRows(statements: string): Promise<unknown[][]>;
  close(): Promise<void>;
};

/** Told of every statement sent (one round trip each): for the bench and tests that count them. */
export type OnQuery = (text: string) => void;

type DatabaseOptions = { onQuery?: OnQuery };

/** drizzle's documented logger, reporting each statement it sends. */
const drizzleLogger = (onQuery: OnQuery | undefined) =>
  onQuery ? { logQuery: (text: string) => onQuery(text) } : false;

/** A SQL string literal for a simple-protocol statement (node-postgres's escaping: quotes and backslashes). */
export const quoteLiteral: (value: string) => string = pg.escapeLiteral;

const lastOf = <T>(results: T | T[]): T => (Array.isArray(results) ? (results.at(-1) as T) : results);

export function pgliteDatabase(client: PGlite, { onQuery }: DatabaseOptions = {}): Database {
  const owner = drizzlePglite({ client, schema, logger: drizzleLogger(onQuery) }) as unknown as Db;
  return {
    kind: "pglite",
    owner,
    // drizzle's own transaction (PGlite's transaction() underneath): each statement is one call into the backend.
    transaction: (setup, fn) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql.raw(setup));
        return fn(tx);
      }),
    lastRows: async (statements) => {
      onQuery?.(statements);
      return lastOf(await client.exec(statements, { rowMode: "array" })).rows as unknown[][];
    },
    close: () => client.close(),
  };
}

export function postgresDatabase(
  url: string,
  { max = 10, onQuery }: DatabaseOptions & { max?: number } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ended (restart, failover, admin termination) is dropped by the
  // pool and replaced on the next query; without a listener its 'error' event would crash the process.
  pool.on("error", () => {});
  const logger = drizzleLogger(onQuery);
  const owner = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  // One drizzle handle per pooled connection, built on its first transaction and dropped with it.
  const handles = new Map<pg.PoolClient, Tx>();
  pool.on("remove", (client) => handles.delete(client as pg.PoolClient));
  const handleOf = (client: pg.PoolClient): Tx => {
    let handle = handles.get(client);
    if (!handle) {
      handle = drizzlePg({ client, schema, logger }) as unknown as Tx;
      handles.set(client, handle);
    }
    return handle;
  };
  const send = (client: pg.PoolClient, text: string) => {
    onQuery?.(text);
    return client.query(text);
  };
  return {
    kind: "postgres",
    owner,
    async transaction(setup, fn, { readOnly }) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await send(client, `${readOnly ? "BEGIN READ ONLY" : "BEGIN"}; ${setup}`);
        const result = await fn(handleOf(client));
        await send(client, "COMMIT");
        return result;
      } catch (error) {
        // A connection that cannot even roll back is destroyed instead of going back to the pool.
        await send(client, "ROLLBACK").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async lastRows(statements) {
      onQuery?.(statements);
      const results = (await pool.query({ text: statements, rowMode: "array" })) as unknown as
        | pg.QueryArrayResult
        | pg.QueryArrayResult[];
      return lastOf(results).rows;
    },
    close: () => pool.end(),
  };
}

/** Every PGlite is opened with these: the migrations create pg_trgm (audit search). */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions["extensions"];

/** PGlite in DATA_DIR when no DATABASE_URL is given, else a pooled PostgreSQL connection. */
export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, { max: options.databasePoolSize });
  const client = await PGlite.create({ dataDir: path.join(options.dataDir, "pgdata"), extensions: PGLITE_EXTENSIONS });
  return pgliteDatabase(client);
}

export { schema };
