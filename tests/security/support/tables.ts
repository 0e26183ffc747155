import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "#server/db/client.ts";

/** Every table of the public schema, found in the catalogue so a new table is covered too. */
export async function allTables(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\_\_%'
         order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((name) => !name.startsWith("__drizzle"));
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

/** Row count of every table, in one round trip. */
export async function rowCounts(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  const columns = sql.join(
    tables.map((table) => sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(table)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, number>>(db, sql`select ${columns}`);
  return row;
}

/** Count and content hash of every table: any insert, update or delete changes it. */
export async function contentHashes(db: Queryable, tables: string[]): Promise<Record<string, string>> {
  const columns = sql.join(
    tables.map(
      (table) =>
        sql`(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '')
               from ${sql.identifier(table)} x) as ${sql.identifier(table)}`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, string>>(db, sql`select ${columns}`);
  return row;
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
