import { asc } from "drizzle-orm";
import { toExcelCsv } from "#domain/crm/csv.ts";
import { formatDocument } from "#domain/crm/documents.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import type { CompanyListQuery, ContactListQuery, DealListQuery } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies, customers, leads } from "../../db/schema.ts";
import { companyColumns } from "./company-row.ts";
import { contactsFrom, toContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { dealsFrom, toDeal } from "./deal-row.ts";
import { companyFilter } from "./list-companies.ts";
import { contactFilter } from "./list-contacts.ts";
import { dealFilter } from "./list-deals.ts";

export const EXPORT_MAX_ROWS = 100_000;
const reais = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** The current filtered list of contacts as CSV (the caller's scope, like the screen). */
export async function exportContacts(tx: Tx, ctx: CrmContext, query: ContactListQuery): Promise<string> {
  const rows = await contactsFrom(tx)
    .where(contactFilter(ctx, query, "created_asc", EXPORT_MAX_ROWS))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(EXPORT_MAX_ROWS);
  return toExcelCsv(
    [
      "Nome",
      "E-mail",
      "Telefone",
      "WhatsApp",
      "CPF/CNPJ",
      "Empresa",
      "Cargo",
      "Cidade",
      "UF",
      "Origem",
      "Status",
      "Tags",
      "Responsável",
      "Criado em",
    ],
    rows
      .map(toContact)
      .map((c) => [
        c.name,
        c.email,
        formatPhone(c.phone),
        formatPhone(c.whatsapp),
        c.document ? formatDocument(c.document) : "",
        c.companyName,
        c.position,
        c.city,
        c.state,
        c.source,
        c.status,
        c.tags.join(", "),
        c.ownerName,
        c.createdAt.slice(0, 10),
      ]),
  );
}

export async function exportCompanies(tx: Tx, ctx: CrmContext, query: CompanyListQuery): Promise<string> {
  const rows = await tx
    .select(companyColumns)
    .from(companies)
    .where(companyFilter(ctx, query, "created_asc", EXPORT_MAX_ROWS))
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .limit(EXPORT_MAX_ROWS);
  return toExcelCsv(
    ["Nome", "Razão social", "CNPJ/CPF", "E-mail", "Telefone", "Site", "Cidade", "UF", "Tags", "Criado em"],
    rows.map((c) => [
      c.name,
      c.legalName,
      c.document ? formatDocument(c.document) : "",
      c.email,
      formatPhone(c.phone),
      c.website,
      c.city,
      c.state,
      c.tags.join(", "),
      c.createdAt.toISOString().slice(0, 10),
    ]),
  );
}

export async function exportDeals(
  tx: Tx,
  ctx: CrmContext,
  query: DealListQuery,
  stageNames: Map<string, string>,
): Promise<string> {
  const rows = await dealsFrom(tx)
    .where(dealFilter(ctx, query, "created_asc", EXPORT_MAX_ROWS))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(EXPORT_MAX_ROWS);
  const outcome = { open: "aberta", won: "ganha", lost: "perdida" } as const;
  return toExcelCsv(
    [
      "Título",
      "Valor (R$)",
      "Etapa",
      "Situação",
      "Motivo da perda",
      "Contato",
      "Empresa",
      "Responsável",
      "Previsão de fechamento",
      "Criada em",
    ],
    rows
      .map(toDeal)
      .map((d) => [
        d.title,
        reais(d.valueCents),
        stageNames.get(d.stageId) ?? "",
        outcome[d.outcome],
        d.lostReason,
        d.contactName,
        d.companyName,
        d.ownerName,
        d.expectedCloseOn,
        d.createdAt.slice(0, 10),
      ]),
  );
}
