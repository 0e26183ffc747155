import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Contact, ContactStatus } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
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

/** Contacts of the agency (any owner: duplicates are agency-wide) with the same e-mail, phone or document. */
export async function findDuplicates(
  tx: Tx,
  agencyId: string,
  input: { email?: string | null; phone?: string | null; document?: string | null },
  exceptId?: string,
): Promise<{ id: string; name: string; matchedOn: string[] }[]> {
  if (!input.email && !input.phone && !input.document) return [];
  const one = (value: string | null | undefined) => sql.param(value ? [value] : []);
  // Each key through its own index (crm_contact_duplicates, migration 0036): under the row
  // policy lower(email) could not use the e-mail index and every contact of the agency was read.
  const duplicates = sql`SELECT d.id FROM crm_contact_duplicates(${agencyId}::uuid,
    ${one(input.email?.toLowerCase())}::text[], ${one(input.phone)}::text[], ${one(input.document)}::text[]) d`;
  const rows = await tx
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      document: customers.document,
    })
    .from(customers)
    .where(
      and(
        eq(customers.agencyId, agencyId),
        sql`${customers.id} IN (${duplicates})`,
        exceptId ? sql`${customers.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    matchedOn: [
      input.email && r.email?.toLowerCase() === input.email.toLowerCase() ? "email" : null,
      input.phone && r.phone === input.phone ? "phone" : null,
      input.document && r.document === input.document ? "document" : null,
    ].filter((m): m is string => m !== null),
  }));
}
