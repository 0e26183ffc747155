import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DealListQuery, DealsPage } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { leads } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealScope, dealsFrom, toDeal } from "./deal-row.ts";
import { encodeCursor } from "./keyset.ts";
import { createdBetween, hasFoldedTag, keysetSort, type SortKey } from "./list-filters.ts";
import { amongIds, hasSearch, listSearch, searchMatches, searchPage } from "./search-page.ts";

type DealFilters = Omit<DealListQuery, "cursor" | "limit" | "q">;

function dealConditions(ctx: CrmContext, query: DealFilters) {
  return and(
    dealScope(ctx),
    query.deleted === "1" ? isNotNull(leads.deletedAt) : isNull(leads.deletedAt),
    query.pipelineId ? eq(leads.pipelineId, query.pipelineId) : undefined,
    query.stageId ? eq(leads.stageId, query.stageId) : undefined,
    query.outcome ? eq(leads.outcome, query.outcome) : undefined,
    query.ownerId ? eq(leads.ownerId, query.ownerId) : undefined,
    query.contactId ? eq(leads.contactId, query.contactId) : undefined,
    query.companyId ? eq(leads.companyId, query.companyId) : undefined,
    // No folded copy on leads: every deal move rewrites the row, and no index could serve it under
    // row-level security anyway (array containment is not leakproof).
    query.tag ? hasFoldedTag(sql`public.crm_fold_tags(${leads.tags})`, query.tag) : undefined,
    query.minCents !== undefined ? sql`${leads.valueCents} >= ${query.minCents}` : undefined,
    query.maxCents !== undefined ? sql`${leads.valueCents} <= ${query.maxCents}` : undefined,
    query.closeFrom ? sql`${leads.expectedCloseOn} >= ${query.closeFrom}::date` : undefined,
    query.closeTo ? sql`${leads.expectedCloseOn} <= ${query.closeTo}::date` : undefined,
    ...createdBetween(leads.createdAt, query.createdFrom, query.createdTo),
  );
}

const dealSearch = (ctx: CrmContext, query: Pick<DealListQuery, "q" | "deleted">, sort: SortKey) =>
  listSearch("deal", ctx.agencyId, query, sort);

/**
 * The filters of the board and the list (owner, tag, value range, expected close…), the search
 * the first `limit` matches in `sort` order (null: all, as the board's counts and totals need).
 */
export function dealFilter(
  ctx: CrmContext,
  query: Omit<DealListQuery, "cursor" | "limit">,
  sort: SortKey = "created_desc",
  limit: number | null = null,
) {
  return and(dealConditions(ctx, query), searchMatches(leads.id, dealSearch(ctx, query, sort), limit));
}

/** The list view: newest first, keyset paged. */
export async function listDeals(tx: Tx, ctx: CrmContext, query: DealListQuery): Promise<DealsPage> {
  const sort = keysetSort("created_desc", { createdAt: leads.createdAt, name: leads.name, id: leads.id }, query.cursor);
  if (hasSearch(query.q)) {
    const page = await searchPage(tx, dealSearch(ctx, query, "created_desc"), query.cursor, query.limit, (ids, room) =>
      dealsFrom(tx)
        .where(and(dealConditions(ctx, query), amongIds(leads.id, ids)))
        .orderBy(...sort.orderBy)
        .limit(room)
        .then((rows) => rows.map(toDeal)),
    );
    return { deals: page.rows, nextCursor: page.nextCursor };
  }
  const rows = await dealsFrom(tx, { cursorValue: sort.cursorColumn })
    .where(and(dealConditions(ctx, query), sort.after))
    .orderBy(...sort.orderBy)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    deals: page.map(({ cursorValue: _, ...row }) => toDeal(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorValue, last.id) : null,
  };
}
