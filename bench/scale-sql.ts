import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, type Queryable, queryRows } from "#server/db/client.ts";
import { BENCH_AGENCY_USERS, type Scale } from "./config.ts";

// SQL pieces and the bulk-load rule shared by the scale data generators (scale-data, -finance, -delivery, -crm).

/** Deterministic ids, so every row can reference an agency or user without a join. */
export const agencyIdOf = (n: string) => `md5('agency' || (${n}))::uuid`;
export const userIdOf = (n: string) => `md5('user' || (${n}))::uuid`;

/**
 * A version-4-shaped uuid from the md5 of `key` (SQL text): ids that reach routes must be, as the
 * routes check them with z.uuid(). v4Uuid below is the same id computed in the bench.
 */
export const v4IdOf = (key: string) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;

/** PostgreSQL's md5(key)::uuid, in the bench (to name a generated row). */
export function md5Uuid(key: string): string {
  const hex = createHash("md5").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** v4IdOf's id, in the bench. */
export function v4Uuid(key: string): string {
  const id = md5Uuid(key);
  return `${id.slice(0, 14)}4${id.slice(15, 19)}8${id.slice(20)}`;
}

/** Users 1..BENCH_AGENCY_USERS belong to agency 1 (the bench agency); the rest are spread evenly. */
export const agencyOfUser = (n: string, agencies: number) =>
  `(case when (${n}) <= ${BENCH_AGENCY_USERS} then 1 else 1 + (${n}) % ${agencies} end)`;

/** The k-th user (0-based) of agency index `a` (1-based), per agencyOfUser's spread; k = 0 is its manager. */
export const userOfAgency = (a: string, k: string, scale: Scale) =>
  `(case when (${a}) = 1 then 1 + (${k}) % ${BENCH_AGENCY_USERS}
         else ${BENCH_AGENCY_USERS + 1} + (((${a}) - 1 - ${BENCH_AGENCY_USERS + 1} % ${scale.agencies}) % ${scale.agencies} + ${scale.agencies}) % ${scale.agencies}
              + ${scale.agencies} * ((${k}) % ${Math.max(1, Math.floor((scale.users - BENCH_AGENCY_USERS) / scale.agencies) - 1)}) end)`;

/**
 * A base-62 fractional-indexing integer key for row number `n`: distinct and in order. The head
 * letter says the length ('d' + 4 digits); keys of more digits sort after every shorter one.
 */
export const positionKey = (n: string, digits = 4) => {
  const digit = (power: number) => `substr('${BASE62}', ((${n}) / ${62 ** power})::int % 62 + 1, 1)`;
  const head = String.fromCharCode("a".charCodeAt(0) + digits - 1);
  return `'${head}' || ${Array.from({ length: digits }, (_, i) => digit(digits - 1 - i)).join(" || ")}`;
};
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

export async function run(db: Queryable, statement: string): Promise<void> {
  await db.execute(sql.raw(statement));
}

export async function timed(steps: Record<string, number>, name: string, fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await fn();
  steps[name] = Math.round(performance.now() - started);
}

async function secondaryIndexes(db: Db, table: string): Promise<{ name: string; definition: string }[]> {
  return queryRows(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
          from pg_index i join pg_class c on c.oid = i.indexrelid
         where i.indrelid = ${table}::regclass
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
}

/** The table's primary key and unique constraints that no foreign key leans on (those can be dropped and added back). */
async function unreferencedKeys(db: Db, table: string): Promise<{ name: string; definition: string }[]> {
  return queryRows(
    db,
    sql`select k.conname as name, pg_get_constraintdef(k.oid) as definition
          from pg_constraint k
         where k.conrelid = ${table}::regclass and k.contype in ('p', 'u')
           and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = k.conindid)`,
  );
}

/** Drops the tables' secondary indexes (a bulk insert is much faster without); returns the statements that rebuild them. */
async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<string[]> {
  const indexes = [];
  for (const table of tables) indexes.push(...(await secondaryIndexes(db, table)));
  for (const index of indexes) await run(db, `drop index "${index.name}"`);
  return indexes.map((index) => index.definition);
}

/** Drops the keys of `tables` that no foreign key needs; returns the statements that add them back. */
async function dropUnreferencedKeys(db: Db, tables: readonly string[]): Promise<string[]> {
  const statements = [];
  for (const table of tables) {
    for (const key of await unreferencedKeys(db, table)) {
      await run(db, `alter table "${table}" drop constraint "${key.name}"`);
      statements.push(`alter table "${table}" add constraint "${key.name}" ${key.definition}`);
    }
  }
  return statements;
}

export type BulkLoad = {
  /** Tables whose secondary indexes are dropped for the insert and rebuilt after. */
  tables: readonly string[];
  /**
   * Of those, the large ones with random keys (uuids): their primary key is dropped too and built
   * after in one sort. Inserted into row by row, a key index larger than shared_buffers evicts a
   * dirty page per row, and each eviction waits for the WAL to be flushed. Only tables whose key no
   * foreign key needs, and no ON CONFLICT insert reads, may be listed.
   */
  keysOf?: readonly string[];
  /** Step names: the timings go to steps[name]. */
  steps: Record<string, number>;
  indexStep: string;
};

/**
 * The one way the generators write their bulk rows: indexes (and the listed keys) dropped, the
 * inserts in one transaction as a replica (the rows are generated consistent: no per-row
 * triggers or foreign key checks), work_mem for the big sorts, then everything dropped is built
 * again, also when an insert fails (a rerun reusing the data needs its indexes).
 */
export async function bulkLoad(db: Db, load: BulkLoad, insert: (tx: Queryable) => Promise<void>): Promise<void> {
  const rebuild = [
    ...(await dropSecondaryIndexes(db, load.tables)),
    ...(await dropUnreferencedKeys(db, load.keysOf ?? [])),
  ];
  const inserted = db.transaction(async (tx) => {
    await run(tx, "set local session_replication_role = replica");
    await run(tx, "set local work_mem = '256MB'");
    await insert(tx);
  });
  await inserted.finally(() =>
    timed(load.steps, load.indexStep, () =>
      db.transaction(async (tx) => {
        await run(tx, "set local maintenance_work_mem = '256MB'");
        for (const statement of rebuild) await run(tx, statement);
      }),
    ),
  );
}

/**
 * The ids of rows 1..count as one array, indexed by row number: `(ids)[n]` costs a subscript where
 * `idOf(n)` costs an md5 per generated row (a third of a time entry's insert).
 */
export const idArray = (idOf: (n: string) => string, count: number) =>
  `(select array_agg(${idOf("g")} order by g) from generate_series(1, ${count}) g)`;
