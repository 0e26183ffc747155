import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "#server/db/client.ts";

/**
 * Every table of the public schema, found in the catalogue so a new table is covered too (drizzle's
 * own bookkeeping aside). The name filter is in TypeScript: a LIKE pattern written here once lost
 * its backslashes to the template literal, matched every name, and left the batteries' write
 * checks comparing empty sets (tables.test.ts now guards this).
 */
export async function allTables(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE'
         order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((name) => !name.startsWith("__") && name !== WRITE_COUNTS);
}

const WRITE_COUNTS = "battery_write_counts";

/**
 * Tables a request writes as bookkeeping, whatever the route (GET included) and whether or not the
 * request is refused: request limits and sign-in counters, the session's last activity, an API key's
 * last use. The batteries' "nothing written" checks leave them out; everything else counts.
 */
export const BOOKKEEPING_TABLES = new Set([
  "rate_limit",
  "request_limits",
  "session_activity",
  "sign_in_failures",
  "account_lockouts",
]);

/**
 * Installs, on a battery's own test database, a row trigger on every table that counts the rows
 * it writes (insert, update, delete) in a table of its own. A rolled-back write rolls its count back
 * too, so the counts change exactly when something was written and kept. Cheap to read whatever the
 * tables hold, unlike hashing every row before and after each request.
 */
export async function installWriteCounters(db: Queryable, tables: string[]): Promise<void> {
  await db.execute(sql.raw(`create table ${WRITE_COUNTS} (table_name text primary key, writes bigint not null)`));
  await db.execute(
    sql.raw(`create function battery_count_write() returns trigger
      language plpgsql security definer set search_path = public as $$
      begin
        insert into ${WRITE_COUNTS} values (tg_table_name, 1)
          on conflict (table_name) do update set writes = ${WRITE_COUNTS}.writes + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql`create trigger battery_count_write after insert or update or delete on ${sql.identifier(table)}
            for each row execute function battery_count_write()`,
    );
  }
}

/** Rows written so far per table (bookkeeping aside): equal before and after means nothing was written. */
export async function writeCounts(db: Queryable): Promise<Record<string, number>> {
  const rows = await queryRows<{ table_name: string; writes: string | number }>(
    db,
    sql.raw(`select table_name, writes from ${WRITE_COUNTS} order by table_name`),
  );
  return Object.fromEntries(
    rows.filter((row) => !BOOKKEEPING_TABLES.has(row.table_name)).map((row) => [row.table_name, Number(row.writes)]),
  );
}

/** Tables holding agency data: every table with an agency_id column. */
export async function tablesWithAgencyId(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and c.column_name = 'agency_id' and t.table_type = 'BASE TABLE'
         order by c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** Hash of everything one agency owns: its agencies row and its rows in every agency_id table. */
export async function agencyHash(db: Queryable, agencyId: string, tenantTables: string[]): Promise<string> {
  const parts = [
    sql`(select md5(string_agg(x::text, '|')) from agencies x where id = ${agencyId})`,
    ...tenantTables.map(
      (table) =>
        sql`(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '')
               from ${sql.identifier(table)} x where agency_id = ${agencyId})`,
    ),
  ];
  const [row] = await queryRows<{ h: string }>(db, sql`select concat_ws('#', ${sql.join(parts, sql`, `)}) as h`);
  return row.h;
}
