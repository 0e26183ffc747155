import { sql } from "drizzle-orm";
import { type Db, type Queryable, queryRows } from "#server/db/client.ts";
import { BENCH_AGENCY_USERS, type Scale } from "./config.ts";

// SQL pieces shared by the scale data generators (scale-data.ts, scale-finance.ts).

/** Deterministic ids, so every row can reference an agency or user without a join. */
export const agencyIdOf = (n: string) => `md5('agency' || (${n}))::uuid`;
export const userIdOf = (n: string) => `md5('user' || (${n}))::uuid`;

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

/** Drops the tables' secondary indexes (a bulk insert is much faster without); returns the statements that rebuild them. */
export async function dropSecondaryIndexes(db: Db, tables: readonly string[]): Promise<string[]> {
  const indexes = [];
  for (const table of tables) indexes.push(...(await secondaryIndexes(db, table)));
  for (const index of indexes) await run(db, `drop index "${index.name}"`);
  return indexes.map((index) => index.definition);
}
