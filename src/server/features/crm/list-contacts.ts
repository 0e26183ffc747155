import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { ContactListQuery, ContactsPage } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { contactScope, contactsFrom, toContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { encodeCursor } from "./keyset.ts";
import { createdBetween, customValueIs, foldedEquals, hasFoldedTag, keysetSort, type SortKey } from "./list-filters.ts";
import { amongIds, hasSearch, listSearch, searchMatches, searchPage } from "./search-page.ts";

type ContactFilters = Omit<ContactListQuery, "cursor" | "limit" | "sort" | "q">;

/** Every filter of a contact list but the search. */
function contactConditions(ctx: CrmContext, query: ContactFilters) {
  return and(
    contactScope(ctx),
    query.deleted === "1" ? isNotNull(customers.deletedAt) : isNull(customers.deletedAt),
    query.status ? eq(customers.status, query.status) : undefined,
    query.ownerId ? eq(customers.ownerId, query.ownerId) : undefined,
    query.source ? foldedEquals(customers.sourceFolded, query.source) : undefined,
    query.companyId ? eq(customers.companyId, query.companyId) : undefined,
    query.tag ? hasFoldedTag(customers.tagsFolded, query.tag) : undefined,
    query.customField && query.customValue
      ? customValueIs(customers.customFields, query.customField, query.customValue)
      : undefined,
    ...createdBetween(customers.createdAt, query.createdFrom, query.createdTo),
  );
}

const contactSearch = (ctx: CrmContext, query: Pick<ContactListQuery, "q" | "deleted">, sort: SortKey) =>
  listSearch("contact", ctx.agencyId, query, sort);

/** The filter of a contact list as one condition, its search the first `limit` matches in `sort` order. */
export function contactFilter(
  ctx: CrmContext,
  query: Omit<ContactListQuery, "cursor" | "limit" | "sort">,
  sort: SortKey,
  limit: number,
) {
  return and(contactConditions(ctx, query), searchMatches(customers.id, contactSearch(ctx, query, sort), limit));
}

/** One keyset page of the contacts the caller reaches. */
export async function listContacts(tx: Tx, ctx: CrmContext, query: ContactListQuery): Promise<ContactsPage> {
  const sort = keysetSort(query.sort, customers, query.cursor);
  if (hasSearch(query.q)) {
    const page = await searchPage(tx, contactSearch(ctx, query, query.sort), query.cursor, query.limit, (ids, room) =>
      contactsFrom(tx)
        .where(and(contactConditions(ctx, query), amongIds(customers.id, ids)))
        .orderBy(...sort.orderBy)
        .limit(room)
        .then((rows) => rows.map(toContact)),
    );
    return { contacts: page.rows, nextCursor: page.nextCursor };
  }
  const rows = await contactsFrom(tx, { cursorValue: sort.cursorColumn })
    .where(and(contactConditions(ctx, query), sort.after))
    .orderBy(...sort.orderBy)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    contacts: page.map(({ cursorValue: _, ...row }) => toContact(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorValue, last.id) : null,
  };
}
