import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Contact, ContactStatus, Duplicate } from "#domain/schemas/crm.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { companies, customers, profiles } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";

/** The columns of a contact as the API answers it (company and owner names joined). */
export const contactColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  whatsapp: customers.whatsapp,
  document: customers.document,
  companyId: customers.companyId,
  companyName: sql<string | null>`coalesce(${companies.name}, ${customers.company})`,
  position: customers.position,
  city: customers.city,
  state: customers.state,
  source: customers.source,
  tags: customers.tags,
  ownerId: customers.ownerId,
  ownerName: sql<string | null>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`,
  status: customers.status,
  notes: customers.notes,
  customFields: customers.customFields,
  version: customers.version,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
  deletedAt: customers.deletedAt,
};

type Row = { [K in keyof typeof contactColumns]: unknown };

export function toContact(row: Row): Contact {
  const r = row as Record<string, unknown>;
  return {
    ...(r as unknown as Contact),
    status: r.status as ContactStatus,
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
    deletedAt: r.deletedAt ? (r.deletedAt as Date).toISOString() : null,
  };
}

/** The agency's contacts the caller reaches (record scope "own" = owned by the caller). */
export function contactScope(ctx: Pick<CrmContext, "agencyId" | "scope"> & { user: { id: string } }): SQL {
  const inAgency = eq(customers.agencyId, ctx.agencyId);
  return ctx.scope === "all" ? inAgency : (and(inAgency, eq(customers.ownerId, ctx.user.id)) as SQL);
}

/** Contacts with their company and owner names; `extra` adds columns (a page's cursor value). */
export function contactsFrom<E extends Record<string, SQL>>(tx: Tx, extra: E = {} as E) {
  return tx
    .select({ ...contactColumns, ...extra })
    .from(customers)
    .leftJoin(companies, eq(companies.id, customers.companyId))
    .leftJoin(profiles, eq(profiles.id, customers.ownerId));
}

/** One contact in reach, deleted or not (undo needs the deleted). */
export async function findContact(tx: Tx, ctx: CrmContext, id: string): Promise<Contact | null> {
  const [row] = await contactsFrom(tx)
    .where(and(contactScope(ctx), eq(customers.id, id)))
    .limit(1);
  return row ? toContact(row) : null;
}

/** A duplicate the caller reaches (to open), and how many others of the agency it cannot see. */
export type FoundDuplicates = { visible: Duplicate[]; hidden: number };

/**
 * Contacts of the agency with the same e-mail, phone or document, whatever their owner
 * (crm_contact_duplicate_keys, migration 0048: duplicates are agency-wide, also for a caller whose
 * record scope is "own"). Those in the caller's reach come with their name to open; the others
 * are only counted, never named.
 */
export async function findDuplicates(
  tx: Tx,
  ctx: Pick<CrmContext, "agencyId" | "scope"> & { user: { id: string } },
  input: { email?: string | null; phone?: string | null; document?: string | null },
  exceptId?: string,
): Promise<FoundDuplicates> {
  if (!input.email && !input.phone && !input.document) return { visible: [], hidden: 0 };
  const one = (value: string | null | undefined) => sql.param(value ? [value] : []);
  const matches = await queryRows<{ id: string; kind: string }>(
    tx,
    sql`SELECT id, kind FROM crm_contact_duplicate_keys(${ctx.agencyId}::uuid,
      ${one(input.email?.toLowerCase())}::text[], ${one(input.phone)}::text[], ${one(input.document)}::text[])`,
  );
  const matchedOn = new Map<string, string[]>();
  for (const { id, kind } of matches) if (id !== exceptId) matchedOn.set(id, [...(matchedOn.get(id) ?? []), kind]);
  if (!matchedOn.size) return { visible: [], hidden: 0 };
  const ids = [...matchedOn.keys()];
  // Few ids (the contacts sharing one e-mail, phone or document): those in reach read at once.
  const rows = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(contactScope(ctx), inArray(customers.id, ids)))
    .orderBy(customers.createdAt, customers.id);
  return {
    visible: rows.slice(0, 5).map((r) => ({ id: r.id, name: r.name, matchedOn: matchedOn.get(r.id) ?? [] })),
    hidden: ids.length - rows.length,
  };
}
