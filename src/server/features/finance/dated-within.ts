import { type AnyColumn, and, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The agency's rows dated within the period, for a list in creation order (newest first). Rows
 * are created about when they are dated, so a period a year back was reached only after walking a
 * year of newer rows (the planner takes matches to be spread evenly): the walk now starts at the
 * newest row dated in the period, read from the date index alone (migration 0021). OFFSET 0 keeps
 * max() from being planned as that same walk.
 */
export function datedWithin(
  table: PgTable,
  columns: { dated: AnyColumn; createdAt: AnyColumn },
  agencyId: string,
  from: string | undefined,
  to: string | undefined,
): SQL | undefined {
  if (!from && !to) return undefined;
  const dated = sql.identifier(columns.dated.name);
  const newest = sql`(select max(p.created_at) from (select ${sql.identifier(columns.createdAt.name)} as created_at
      from ${table} where agency_id = ${agencyId}${from ? sql` and ${dated} >= ${from}` : sql``}${to ? sql` and ${dated} <= ${to}` : sql``}
      offset 0) p)`;
  return and(
    from ? gte(columns.dated, from) : undefined,
    to ? lte(columns.dated, to) : undefined,
    sql`${columns.createdAt} <= ${newest}`,
  );
}
