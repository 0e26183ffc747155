import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { CompaniesPage, CompanyListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import { companyColumns, companyScope, toCompany } from "./company-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { encodeCursor } from "./keyset.ts";
import { createdBetween, keysetSort, searchCondition } from "./list-filters.ts";

export function companyFilter(ctx: CrmContext, query: Omit<CompanyListQuery, "cursor" | "limit" | "sort">) {
  return and(
    companyScope(ctx),
    query.deleted === "1" ? isNotNull(companies.deletedAt) : isNull(companies.deletedAt),
    searchCondition(companies.searchText, query.q),
    query.ownerId ? eq(companies.ownerId, query.ownerId) : undefined,
    query.tag ? sql`${companies.tags} @> ARRAY[${query.tag}]::text[]` : undefined,
    ...createdBetween(companies.createdAt, query.createdFrom, query.createdTo),
  );
}

export async function listCompanies(tx: Tx, ctx: CrmContext, query: CompanyListQuery): Promise<CompaniesPage> {
  const sort = keysetSort(query.sort, companies, query.cursor);
  const rows = await tx
    .select(companyColumns)
    .from(companies)
    .where(and(companyFilter(ctx, query), sort.after))
    .orderBy(...sort.orderBy)
    .limit(query.limit + 1);
  const list = rows.slice(0, query.limit).map(toCompany);
  const last = list.at(-1);
  return {
    companies: list,
    nextCursor: rows.length > query.limit && last ? encodeCursor(sort.valueOf(last), last.id) : null,
  };
}
