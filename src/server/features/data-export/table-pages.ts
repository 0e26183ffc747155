import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import type { BackupTable } from "./read-backup-tables.ts";

/** Which of a table's rows a backup reads: one agency's, or every row (the platform backup). */
export type RowScope = { agencyId: string } | "all";

/** Rows of one agency by the table's reach (backup-coverage.ts); every row for the platform. */
function scopeCondition(table: BackupTable, scope: RowScope): SQL {
  if (scope === "all") return sql`true`;
  if (table.reach.kind === "agency_id") return sql`agency_id = ${scope.agencyId}`;
  if (table.reach.kind === "member") {
    return sql`${sql.identifier(table.reach.column)} in (select id from profiles where agency_id = ${scope.agencyId})`;
  }
  throw new Error(`a tabela ${table.name} não pertence a uma agência`);
}

const identifiers = (names: string[], prefix?: string) =>
  sql.join(
    names.map((name) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(name)}` : sql.identifier(name))),
    sql`, `,
  );

/**
 * One keyset page: up to `limit` rows after `after` (the last key read) in key order, each as its
 * JSON text made by PostgreSQL (row_to_json: numbers, dates and jsonb as the database holds them,
 * on both drivers), with its key as text for the next page.
 */
function pageQuery(table: BackupTable, scope: RowScope, after: string[] | null, limit: number): SQL {
  const key = identifiers(table.primaryKey);
  const afterKey = after
    ? sql` and (${key}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  const keyText = sql.join(
    table.primaryKey.map((column) => sql`r.${sql.identifier(column)}::text`),
    sql`, `,
  );
  return sql`select row_to_json(r)::text as json, array[${keyText}] as key
    from (select ${identifiers(table.columns)} from ${sql.identifier(table.name)}
           where ${scopeCondition(table, scope)}${afterKey}
           order by ${key} limit ${limit}) r
    order by ${identifiers(table.primaryKey, "r")}`;
}

/**
 * A table's rows in the scope as JSON texts, a page at a time in primary key order: the caller
 * writes each page out before the next is read, so one page is held whatever the table's size.
 */
export async function* tablePages(
  tx: Tx,
  table: BackupTable,
  scope: RowScope,
  pageRows: number,
): AsyncGenerator<string[]> {
  let after: string[] | null = null;
  do {
    const rows: { json: string; key: string[] }[] = await queryRows(tx, pageQuery(table, scope, after, pageRows));
    if (rows.length > 0) yield rows.map((row) => row.json);
    after = rows.length === pageRows ? (rows.at(-1)?.key ?? null) : null;
  } while (after);
}
