import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { upgradePgliteDataDir } from "./pglite-upgrade.ts";
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
  transaction<T>(setup: string, fn: (tx: Tx) => Promise<T>, options: TransactionOptions): Promise<T>;
  /**
   * Runs the steps in order as one simple-protocol message (so one implicit transaction, in one
   * round trip; a failing step aborts the rest) and returns the last one's rows as arrays. Each
   * step's statement is a SQL prepared statement (PREPARE once per connection, then EXECUTE with
   * the literals as its parameters): planned once, not at every call.
   */
  executeInOne(steps: Step[]): Promise<unknown[][]>;
  /** PostgreSQL only: where a library that opens its own connections (graphile-worker) connects. */
  connectionString?: string;
  /**
   * Calls `onPayload` for each NOTIFY on the channel, from any server (PostgreSQL: one dedicated
   * LISTEN connection per call; PGlite: in process). Resolves to the function that stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type TransactionOptions = {
  readOnly: boolean;
  /** Every statement reads the data as it stood at the first (REPEATABLE READ): a read of many pages. */
  repeatableRead?: boolean;
};

/** A statement kept prepared on each connection under its name (a SQL identifier, prefix `nexo_`). */
export type NamedStatement = { name: string; text: string };

/** A prepared statement to execute, with its parameters as SQL literals (quoteLiteral). */
export type Step = { statement: NamedStatement; literals: string[] };

const STATEMENT_NAME = /^nexo_[a-z0-9_]+$/;
const UNDEFINED_PREPARED_STATEMENT = "26000";
const DUPLICATE_PREPARED_STATEMENT = "42P05";

/**
 * The message of executeInOne. `prepared` is what this connection was told to PREPARE and did:
 * our own record (the server's prepared statements live as long as the connection).
 */
function executeMessage(steps: Step[], prepared: Set<string>): string {
  return steps
    .map(({ statement, literals }) => {
      if (!STATEMENT_NAME.test(statement.name)) throw new Error(`not a statement name: ${statement.name}`);
      const prepare = prepared.has(statement.name) ? "" : `PREPARE ${statement.name} AS ${statement.text};\n`;
      return `${prepare}EXECUTE ${literals.length === 0 ? statement.name : `${statement.name}(${literals.join(", ")})`}`;
    })
    .join(";\n");
}

/**
 * Sends executeInOne's message, keeping `prepared` in step with the server: a statement the
 * server lost (DEALLOCATE) or already had makes the record start over from the server's own
 * list, and the message is sent once more.
 */
async function executeRecorded(
  send: (text: string) => Promise<{ rows: unknown[][] }[]>,
  steps: Step[],
  prepared: Set<string>,
  isRetry = false,
): Promise<unknown[][]> {
  try {
    const results = await send(executeMessage(steps, prepared));
    for (const { statement } of steps) prepared.add(statement.name);
    return results.at(-1)?.rows ?? [];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (isRetry || (code !== UNDEFINED_PREPARED_STATEMENT && code !== DUPLICATE_PREPARED_STATEMENT)) throw error;
    prepared.clear();
    const known = await send("select name from pg_prepared_statements where name like 'nexo\\_%'");
    for (const [name] of known.at(-1)?.rows ?? []) prepared.add(String(name));
    return executeRecorded(send, steps, prepared, true);
  }
}

/** Told of every statement sent (one round trip each): for the bench and tests that count them. */
export type OnQuery = (text: string) => void;

type DatabaseOptions = { onQuery?: OnQuery };

/** drizzle's documented logger, reporting each statement it sends. */
const drizzleLogger = (onQuery: OnQuery | undefined) =>
  onQuery ? { logQuery: (text: string) => onQuery(text) } : false;

/** A SQL string literal for a simple-protocol statement (node-postgres's escaping: quotes and backslashes). */
export const quoteLiteral: (value: string) => string = pg.escapeLiteral;

export function pgliteDatabase(client: PGlite, { onQuery }: DatabaseOptions = {}): Database {
  const prepared = new Set<string>();
  let executeTurn: Promise<void> = Promise.resolve();
  const owner = drizzlePglite({ client, schema, logger: drizzleLogger(onQuery) }) as unknown as Db;
  return {
    kind: "pglite",
    owner,
    // drizzle's own transaction (PGlite's transaction() underneath): each statement is one call into the backend.
    transaction: (setup, fn, { repeatableRead }) =>
      owner.transaction(
        async (tx) => {
          await tx.execute(sql.raw(setup));
          return fn(tx);
        },
        repeatableRead ? { isolationLevel: "repeatable read" } : undefined,
      ),
    // One at a time: the message (PREPARE or not) is written from `prepared` when its turn comes,
    // so two requests racing on the one connection never both PREPARE the same statement.
    executeInOne: (steps) => {
      const run = executeTurn.then(() =>
        executeRecorded(
          async (text) => {
            onQuery?.(text);
            return (await client.exec(text, { rowMode: "array" })) as unknown as { rows: unknown[][] }[];
          },
          steps,
          prepared,
        ),
      );
      executeTurn = run.then(
        () => {},
        () => {},
      );
      return run;
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

const beginStatement = (readOnly: boolean, repeatableRead = false) =>
  ["BEGIN", readOnly ? "READ ONLY" : "", repeatableRead ? "ISOLATION LEVEL REPEATABLE READ" : ""]
    .filter(Boolean)
    .join(" ");

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
  // Per pooled connection: its drizzle handle (built on its first transaction) and the statements
  // it has prepared; both dropped with the connection.
  const handles = new Map<pg.PoolClient, Tx>();
  const preparedOn = new Map<pg.PoolClient, Set<string>>();
  pool.on("remove", (client) => {
    handles.delete(client as pg.PoolClient);
    preparedOn.delete(client as pg.PoolClient);
  });
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
    connectionString: url,
    async transaction(setup, fn, { readOnly, repeatableRead }) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await send(client, `${beginStatement(readOnly, repeatableRead)}; ${setup}`);
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
    async executeInOne(steps) {
      const client = await pool.connect();
      let prepared = preparedOn.get(client);
      if (!prepared) {
        prepared = new Set();
        preparedOn.set(client, prepared);
      }
      try {
        return await executeRecorded(
          async (text) => {
            onQuery?.(text);
            const results = (await client.query({ text, rowMode: "array" })) as unknown as
              | pg.QueryArrayResult
              | pg.QueryArrayResult[];
            return Array.isArray(results) ? results : [results];
          },
          steps,
          prepared,
        );
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenOnPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/** A dedicated connection for LISTEN (a pooled one would be handed to other queries). */
async function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  client.on("notification", (message) => {
    if (message.channel === channel) onPayload(message.payload ?? "");
  });
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return () => client.end();
}

/**
 * Every PGlite is opened with these: the migrations create pg_trgm (audit and CRM search) and
 * btree_gin (the tasks' search index, led by the agency).
 */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm } satisfies PGliteOptions["extensions"];

/** PGlite in DATA_DIR when no DATABASE_URL is given, else a pooled PostgreSQL connection. */
export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, { max: options.databasePoolSize });
  const pgdata = path.join(options.dataDir, "pgdata");
  await upgradePgliteDataDir(pgdata); // a DATA_DIR of Nexo ≤ 0.1 (PGlite 0.3)
  const client = await PGlite.create({ dataDir: pgdata, extensions: PGLITE_EXTENSIONS });
  return pgliteDatabase(client);
}

export { schema };
