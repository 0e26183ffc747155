import { and, eq, type SQL } from "drizzle-orm";
import type { Company } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";

export const companyColumns = {
  id: companies.id,
  name: companies.name,
  legalName: companies.legalName,
  document: companies.document,
  email: companies.email,
  phone: companies.phone,
  website: companies.website,
  city: companies.city,
  state: companies.state,
  ownerId: companies.ownerId,
  notes: companies.notes,
  tags: companies.tags,
  customFields: companies.customFields,
  version: companies.version,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  deletedAt: companies.deletedAt,
};

export function toCompany(row: Record<string, unknown>): Company {
  return {
    ...(row as unknown as Company),
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
    deletedAt: row.deletedAt ? (row.deletedAt as Date).toISOString() : null,
  };
}

/** Companies follow the record scope of crm_contatos (migration 0009's policy). */
export function companyScope(ctx: CrmContext): SQL {
  const inAgency = eq(companies.agencyId, ctx.agencyId);
  return ctx.scope === "all" ? inAgency : (and(inAgency, eq(companies.ownerId, ctx.user.id)) as SQL);
}

export async function findCompany(tx: Tx, ctx: CrmContext, id: string): Promise<Company | null> {
  const [row] = await tx
    .select(companyColumns)
    .from(companies)
    .where(and(companyScope(ctx), eq(companies.id, id)))
    .limit(1);
  return row ? toCompany(row) : null;
}
