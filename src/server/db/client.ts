import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { preparedPglite } from "./pglite-prepared.ts";
import * as schema from "./schema.ts";
import type { ContextStatement } from "./pg-statement-in-context.ts";
import {
  pgliteTransactionRunner,
  postgresStatementRunner,
  postgresTransactionRunner,
  type StatementRunner,
  type TransactionRunner,
} from "./transaction-runner.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
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
  /** Owner connection: migrations, identity tables. Tenant data goes through withTenant. */
  db: Db;
  /** PostgreSQL only: where a library that opens its own connections (graphile-worker) connects. */
  connectionString?: string;
  close(): Promise<void>;
};

/** The one-round-trip transaction opener of each database this module built. */
const transactionRunners = new WeakMap<Db, TransactionRunner>();

/**
 * Runs fn in a transaction that first runs `setup` (a simple-protocol statement list: literals
 * only, no parameters). On a database built here BEGIN and setup go to the server together.
 * A read-only transaction refuses every write.
 */
export function transactionWith<T>(
  db: Db,
  setup: string,
  fn: (tx: Tx) => Promise<T>,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  const begin = readOnly ? "BEGIN READ ONLY" : "BEGIN";
  const runner = transactionRunners.get(db);
  if (runner) return runner(`${begin}; ${setup}`, fn);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(setup));
      return fn(tx);
    },
    { accessMode: readOnly ? "read only" : "read write" },
  );
}

/** Databases whose driver sends a context statement and a statement as one round trip (node-postgres). */
const statementRunners = new WeakMap<Db, StatementRunner>();

/**
 * Runs fn with each of its statements in its own implicit transaction right after `context`,
 * or null when this database cannot: then the caller opens a transaction instead.
 */
export function runWithStatementContext<T>(
  db: Db,
  context: ContextStatement,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> | null {
  const runner = statementRunners.get(db);
  return runner ? runner(context, fn) : null;
}

/** The write counter of a database only this process writes (PGlite), for exact in-process caches. */
const writeGenerations = new WeakMap<Db, () => number>();

/**
 * A number that changes before any statement that may write, or null when other processes may
 * write too (PostgreSQL): then nothing read from the database may be cached across requests.
 */
export function writeGenerationOf(db: Db): (() => number) | null {
  return writeGenerations.get(db) ?? null;
}

/** A SQL string literal for a simple-protocol statement (node-postgres's escaping: quotes and backslashes). */
export const quoteLiteral: (value: string) => string = pg.escapeLiteral;

export function pgliteDatabase(client: PGlite): Database {
  const prepared = preparedPglite(client);
  const db = drizzlePglite(prepared, { schema }) as unknown as Db;
  transactionRunners.set(db, pgliteTransactionRunner(db, prepared));
  writeGenerations.set(db, prepared.writeGeneration);
  return { kind: "pglite", db, close: () => client.close() };
}

export function postgresDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ended (restart, failover, admin termination) is dropped by the
  // pool and replaced on the next query; without a listener its 'error' event would crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  transactionRunners.set(db, postgresTransactionRunner(db, pool));
  statementRunners.set(db, postgresStatementRunner(db, pool));
  return { kind: "postgres", db, connectionString: url, close: () => pool.end() };
}

/** Every PGlite is opened with these: the migrations create pg_trgm (audit search). */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions["extensions"];

/** PGlite in DATA_DIR when no DATABASE_URL is given, else a pooled PostgreSQL connection. */
export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, options.databasePoolSize);
  const client = await PGlite.create({ dataDir: path.join(options.dataDir, "pgdata"), extensions: PGLITE_EXTENSIONS });
  return pgliteDatabase(client);
}

export { schema };
