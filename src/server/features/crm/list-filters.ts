import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { parseBrNumber } from "#domain/br-number.ts";
import { foldSearch } from "#domain/crm/search-text.ts";
import { decodeCursor } from "./keyset.ts";

export type SortKey = "created_desc" | "created_asc" | "name_asc" | "name_desc";

/** ORDER BY and the keyset condition of a sort over (created_at | name, id). */
/**
 * A timestamp as exact text (UTC, microseconds): a JS Date keeps milliseconds, and a cursor made
 * from one skipped the rows created within the same millisecond as a page's last (an import's).
 */
export const exactTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function keysetSort(
  sort: SortKey,
  columns: { createdAt: AnyColumn; name: AnyColumn; id: AnyColumn },
  cursor: string | undefined,
): { orderBy: SQL[]; after: SQL | undefined; cursorColumn: SQL<string> } {
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
  // The next page's cursor is this column of the page's last row, selected with it.
  const cursorColumn = byName ? sql<string>`${columns.name}` : exactTime(columns.createdAt);
  return { orderBy, after, cursorColumn };
}

/** created_at within [from, to] (dates in UTC, to inclusive). */
export function createdBetween(column: AnyColumn, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${from}::date`);
  if (to) out.push(sql`${column} < (${to}::date + 1)`);
  return out;
}

/**
 * A text filter without case or accents (Origem): the stored folded column (crm_fold, migration
 * 0048) against the folded value. An equality on text is leakproof, so under row-level security
 * it reads the (agency_id, <folded>) index.
 */
export const foldedEquals = (folded: AnyColumn, value: string): SQL => sql`${folded} = ${foldSearch(value)}`;

/**
 * A tag filter without case or accents: the folded tags (crm_fold_tags, migration 0048; a stored
 * column, or the function over the tags where none is kept) hold the folded tag.
 */
export const hasFoldedTag = (tagsFolded: AnyColumn | SQL, tag: string): SQL =>
  sql`${tagsFolded} @> ARRAY[${foldSearch(tag)}]::text[]`;

/**
 * A custom field holding a value: the text as stored, or, for a number field, the same number
 * however it is written ("1.500,50", "1500,5", "1500.5": parseBrNumber, as the form reads it).
 */
export function customValueIs(customFields: AnyColumn, fieldId: string, value: string): SQL {
  const asText = sql`${customFields} ->> ${fieldId} = ${value}`;
  const n = parseBrNumber(value);
  if (n === null) return asText;
  const stored = sql`CASE WHEN jsonb_typeof(${customFields} -> ${fieldId}) = 'number' THEN (${customFields} ->> ${fieldId})::numeric END`;
  return sql`(${asText} OR ${stored} = ${String(n)}::numeric)`;
}
