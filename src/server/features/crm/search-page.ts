import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { decodeCursor, encodeCursor } from "./keyset.ts";
import type { SortKey } from "./list-filters.ts";
import { searchFragment } from "#domain/crm/search-text.ts";

/**
 * CRM search goes through crm_search_page (migration 0032), never the query's own LIKE: under
 * row-level security LIKE is not leakproof, runs after the row policy, and a search read most of
 * the agency. The function applies the caller's agency and record scope itself.
 */
export type SearchEntity = "contact" | "company" | "deal";

const fragmentOf = (q: string | undefined) => (q ? searchFragment(q) : "");

/** Whether a list's `q` searches at all (a fragment that folds to nothing does not). */
export const hasSearch = (q: string | undefined) => fragmentOf(q) !== "";

type Search = { entity: SearchEntity; agencyId: string; q: string | undefined; deleted: boolean; sort: SortKey };

/** A CRM list's search: its `q` among the agency's records of `entity` (the deleted ones with `deleted=1`), in `sort` order. */
export function listSearch(
  entity: SearchEntity,
  agencyId: string,
  query: { q?: string; deleted?: string },
  sort: SortKey,
): Search {
  return { entity, agencyId, q: query.q, deleted: query.deleted === "1", sort };
}

/** `id IN (the search's matches)`, the first `limit` in `sort` order (null: all); undefined without a fragment. */
export function searchMatches(id: AnyColumn, search: Search, limit: number | null): SQL | undefined {
  const fragment = fragmentOf(search.q);
  if (!fragment) return undefined;
  return sql`${id} IN (SELECT found.id FROM crm_search_page(${search.entity}, ${search.agencyId}::uuid, ${fragment},
    ${search.deleted}, ${search.sort}, NULL, NULL, ${limit}::integer) AS found)`;
}

type Found = { id: string; sort_value: string };

const MAX_BATCH = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cursorOf(cursor: string | undefined): [string, string] | null {
  const decoded = decodeCursor(cursor);
  return decoded && typeof decoded[0] === "string" && UUID.test(decoded[1]) ? [decoded[0], decoded[1]] : null;
}

/**
 * One keyset page of a search: the function walks the matches in sort order from the cursor, and
 * `read` keeps those the list's other filters (status, owner, tag…) let through, in the same order.
 * A batch the filters thinned out is followed by the next one, each larger, until the page is full
 * or the matches end. The cursor carries the sort value at full precision as the function gave it.
 */
export async function searchPage<Row extends { id: string }>(
  tx: Tx,
  search: Search,
  cursor: string | undefined,
  limit: number,
  read: (ids: string[], room: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const fragment = fragmentOf(search.q);
  const wanted = limit + 1;
  const rows: Row[] = [];
  const sortValues = new Map<string, string>();
  let after = cursorOf(cursor);
  let batch = wanted;
  for (;;) {
    const found = await queryRows<Found>(
      tx,
      sql`SELECT id, sort_value FROM crm_search_page(${search.entity}, ${search.agencyId}::uuid, ${fragment},
        ${search.deleted}, ${search.sort}, ${after ? after[0] : null}, ${after ? after[1] : null}::uuid,
        ${batch}::integer)`,
    );
    for (const f of found) sortValues.set(f.id, f.sort_value);
    if (found.length)
      rows.push(
        ...(await read(
          found.map((f) => f.id),
          wanted - rows.length,
        )),
      );
    const last = found.at(-1);
    if (rows.length >= wanted || found.length < batch || !last) break;
    after = [last.sort_value, last.id];
    batch = Math.min(batch * 4, MAX_BATCH);
  }
  const page = rows.slice(0, limit);
  const lastRow = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && lastRow ? encodeCursor(sortValues.get(lastRow.id) ?? null, lastRow.id) : null,
  };
}

/** `id = ANY(ids)`: the rows of one batch of a search. */
export function amongIds(id: AnyColumn, ids: string[]): SQL {
  return sql`${id} = ANY(${sql.param(ids)}::uuid[])`;
}
