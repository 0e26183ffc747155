import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { ContactListQuery, ContactsPage } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { customers } from "../../db/schema.ts";
import { contactScope, contactsFrom, toContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { encodeCursor } from "./keyset.ts";
import { contactSearchCondition } from "./contact-search.ts";
import { createdBetween, keysetSort } from "./list-filters.ts";

/** The filter of a contact list (also used by the export), its search resolved by contactSearchCondition. */
export async function contactFilter(
  tx: Tx,
  ctx: CrmContext,
  query: Omit<ContactListQuery, "cursor" | "limit" | "sort">,
) {
  return and(
    contactScope(ctx),
    query.deleted === "1" ? isNotNull(customers.deletedAt) : isNull(customers.deletedAt),
    await contactSearchCondition(tx, ctx, query.q),
    query.status ? eq(customers.status, query.status) : undefined,
    query.ownerId ? eq(customers.ownerId, query.ownerId) : undefined,
    query.source ? eq(customers.source, query.source) : undefined,
    query.companyId ? eq(customers.companyId, query.companyId) : undefined,
    query.tag ? sql`${customers.tags} @> ARRAY[${query.tag}]::text[]` : undefined,
    query.customField && query.customValue
      ? sql`${customers.customFields} ->> ${query.customField} = ${query.customValue}`
      : undefined,
    ...createdBetween(customers.createdAt, query.createdFrom, query.createdTo),
  );
}

/** One keyset page of the contacts the caller reaches. */
export async function listContacts(tx: Tx, ctx: CrmContext, query: ContactListQuery): Promise<ContactsPage> {
  const sort = keysetSort(query.sort, customers, query.cursor);
  const rows = await contactsFrom(tx)
    .where(and(await contactFilter(tx, ctx, query), sort.after))
    .orderBy(...sort.orderBy)
    .limit(query.limit + 1);
  const contacts = rows.slice(0, query.limit).map(toContact);
  const last = contacts.at(-1);
  return {
    contacts,
    nextCursor: rows.length > query.limit && last ? encodeCursor(sort.valueOf(last), last.id) : null,
  };
}
