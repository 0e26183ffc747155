import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { decodeCursor } from "./keyset.ts";

export type SortKey = "created_desc" | "created_asc" | "name_asc" | "name_desc";

/** ORDER BY and the keyset condition of a sort over (created_at | name, id). */
export function keysetSort(
  sort: SortKey,
  columns: { createdAt: AnyColumn; name: AnyColumn; id: AnyColumn },
  cursor: string | undefined,
): { orderBy: SQL[]; after: SQL | undefined; valueOf: (row: { createdAt: string; name: string }) => string } {
  const byName = sort.startsWith("name");
  const desc = sort.endsWith("desc");
  const column = byName ? columns.name : columns.createdAt;
  const direction = desc ? sql`desc` : sql`asc`;
  const orderBy = [sql`${column} ${direction}`, sql`${columns.id} ${direction}`];
  const decoded = decodeCursor(cursor);
  let after: SQL | undefined;
  if (decoded && typeof decoded[0] === "string") {
    const value = byName ? decoded[0] : sql`${decoded[0]}::timestamptz`;
    after = desc
      ? sql`(${column}, ${columns.id}) < (${value}, ${decoded[1]})`
      : sql`(${column}, ${columns.id}) > (${value}, ${decoded[1]})`;
  }
  return { orderBy, after, valueOf: (row) => (byName ? row.name : row.createdAt) };
}

/** created_at within [from, to] (dates in UTC, to inclusive). */
export function createdBetween(column: AnyColumn, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${from}::date`);
  if (to) out.push(sql`${column} < (${to}::date + 1)`);
  return out;
}
