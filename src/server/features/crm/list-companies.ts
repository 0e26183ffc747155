import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { CompaniesPage, CompanyListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { companyColumns, companyScope, toCompany } from "./company-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { encodeCursor } from "./keyset.ts";
import { createdBetween, hasFoldedTag, keysetSort, type SortKey } from "./list-filters.ts";
import { amongIds, hasSearch, listSearch, searchPage } from "./search-page.ts";

type CompanyFilters = Omit<CompanyListQuery, "cursor" | "limit" | "sort" | "q">;

function companyConditions(ctx: CrmContext, query: CompanyFilters) {
  return and(
    companyScope(ctx),
    query.deleted === "1" ? isNotNull(companies.deletedAt) : isNull(companies.deletedAt),
    query.ownerId ? eq(companies.ownerId, query.ownerId) : undefined,
    query.tag ? hasFoldedTag(companies.tagsFolded, query.tag) : undefined,
    ...createdBetween(companies.createdAt, query.createdFrom, query.createdTo),
  );
}

const companySearch = (ctx: CrmContext, query: Pick<CompanyListQuery, "q" | "deleted">, sort: SortKey) =>
  listSearch("company", ctx.agencyId, query, sort);

export async function listCompanies(tx: Tx, ctx: CrmContext, query: CompanyListQuery): Promise<CompaniesPage> {
  const sort = keysetSort(query.sort, companies, query.cursor);
  if (hasSearch(query.q)) {
    const page = await searchPage(tx, companySearch(ctx, query, query.sort), query.cursor, query.limit, (ids, room) =>
      tx
        .select(companyColumns)
        .from(companies)
        .where(and(companyConditions(ctx, query), amongIds(companies.id, ids)))
        .orderBy(...sort.orderBy)
        .limit(room)
        .then((rows) => rows.map(toCompany)),
    );
    return { companies: page.rows, nextCursor: page.nextCursor };
  }
  const rows = await tx
    .select({ ...companyColumns, cursorValue: sort.cursorColumn })
    .from(companies)
    .where(and(companyConditions(ctx, query), sort.after))
    .orderBy(...sort.orderBy)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    companies: page.map(({ cursorValue: _, ...row }) => toCompany(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorValue, last.id) : null,
  };
}
