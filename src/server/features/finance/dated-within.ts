import { type AnyColumn, and, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The agency's rows dated within the period, for a list walked by `sortKey` descending (the
 * invoices: by number). Rows are numbered about when they are dated, so a period a year back was
 * reached only after walking a year of newer rows (the planner takes matches to be spread evenly):
 * the walk now starts at the highest key dated in the period, read from the date index alone
 * (migrations 0021, 0050). OFFSET 0 keeps max() from being planned as that same walk. `sortKey`
 * names the table's columns, so it reads the inner query's row there and the outer one's outside.
 */
export function datedWithin(
  table: PgTable,
  columns: { dated: AnyColumn; sortKey: SQL },
  agencyId: string,
  from: string | undefined,
  to: string | undefined,
): SQL | undefined {
  if (!from && !to) return undefined;
  const dated = sql.identifier(columns.dated.name);
  const newest = sql`(select max(p.sort_key) from (select ${columns.sortKey} as sort_key
      from ${table} where agency_id = ${agencyId}${from ? sql` and ${dated} >= ${from}` : sql``}${to ? sql` and ${dated} <= ${to}` : sql``}
      offset 0) p)`;
  return and(
    from ? gte(columns.dated, from) : undefined,
    to ? lte(columns.dated, to) : undefined,
    sql`${columns.sortKey} <= ${newest}`,
  );
}
