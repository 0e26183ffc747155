import { and, eq, isNull, sql } from "drizzle-orm";
import { formatPhone } from "#domain/crm/phone.ts";
import { companies, customers, leads } from "../../db/schema.ts";
import type { SearchSource } from "../../search/search-source.ts";
import { searchMatches } from "./search-page.ts";

/** Ctrl+K: contacts by name, e-mail, phone or document (the caller's scope). */
export const contactSearchSource: SearchSource = {
  recordType: "contact",
  module: "crm_contatos",
  async search(tx, { agencyId, user, scope }, text, limit) {
    const rows = await tx
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(
        and(
          eq(customers.agencyId, agencyId),
          isNull(customers.deletedAt),
          scope === "own" ? eq(customers.ownerId, user.id) : undefined,
          searchMatches(
            customers.id,
            { entity: "contact", agencyId, q: text, deleted: false, sort: "name_asc" },
            limit,
          ),
        ),
      )
      .orderBy(customers.name)
      .limit(limit);
    return rows.map((r) => ({
      recordType: "contact" as const,
      id: r.id,
      title: r.name,
      subtitle: r.email ?? (formatPhone(r.phone) || null),
      href: `/app/crm/contatos/${r.id}`,
      rank: 3,
    }));
  },
};

export const companySearchSource: SearchSource = {
  recordType: "company",
  module: "crm_contatos",
  async search(tx, { agencyId, user, scope }, text, limit) {
    const rows = await tx
      .select({ id: companies.id, name: companies.name, email: companies.email })
      .from(companies)
      .where(
        and(
          eq(companies.agencyId, agencyId),
          isNull(companies.deletedAt),
          scope === "own" ? eq(companies.ownerId, user.id) : undefined,
          searchMatches(
            companies.id,
            { entity: "company", agencyId, q: text, deleted: false, sort: "name_asc" },
            limit,
          ),
        ),
      )
      .orderBy(companies.name)
      .limit(limit);
    return rows.map((r) => ({
      recordType: "company" as const,
      id: r.id,
      title: r.name,
      subtitle: r.email,
      href: `/app/crm/empresas/${r.id}`,
      rank: 2,
    }));
  },
};

export const dealSearchSource: SearchSource = {
  recordType: "deal",
  module: "crm_pipelines",
  async search(tx, { agencyId, user, scope }, text, limit) {
    const rows = await tx
      .select({ id: leads.id, name: leads.name, stage: leads.stage, value: leads.valueCents })
      .from(leads)
      .where(
        and(
          eq(leads.agencyId, agencyId),
          isNull(leads.deletedAt),
          scope === "own" ? eq(leads.ownerId, user.id) : undefined,
          searchMatches(leads.id, { entity: "deal", agencyId, q: text, deleted: false, sort: "created_desc" }, limit),
        ),
      )
      .orderBy(sql`${leads.createdAt} desc`)
      .limit(limit);
    return rows.map((r) => ({
      recordType: "deal" as const,
      id: r.id,
      title: r.name,
      subtitle: r.stage,
      href: `/app/crm/pipelines?deal=${r.id}`,
      rank: 1,
    }));
  },
};
