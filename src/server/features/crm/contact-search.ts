import { inArray, type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { searchPattern } from "./list-filters.ts";

/** Above this many matches a fragment is common: the list's ordered walk finds a page sooner. */
export const SEARCH_ID_CAP = 1000;

/**
 * The contact list's search condition. Under row-level security PostgreSQL never uses the trigram
 * index for the query's own LIKE (not leakproof, it must run after the row policy), so a rare
 * fragment read every contact of the agency. The ids come first from crm_contact_search_ids
 * (migration 0030: SECURITY DEFINER, the caller's agency and record scope applied inside), which
 * uses the index; a fragment matching more than SEARCH_ID_CAP contacts is common, and the plain
 * LIKE over the list's ordered walk fills a page after a few rows.
 */
export async function contactSearchCondition(tx: Tx, ctx: CrmContext, q: string | undefined): Promise<SQL | undefined> {
  const pattern = searchPattern(q);
  if (!pattern) return undefined;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from crm_contact_search_ids(${ctx.agencyId}::uuid, ${pattern}, ${SEARCH_ID_CAP + 1}) as found(id)`,
  );
  if (rows.length > SEARCH_ID_CAP) return sql`${customers.searchText} LIKE ${pattern}`;
  if (!rows.length) return sql`false`;
  return inArray(
    customers.id,
    rows.map((row) => row.id),
  );
}
