import { asc, sql } from "drizzle-orm";
import { dateInZone, formatDateBr } from "#domain/calendar-date.ts";
import { toExcelCsv } from "#domain/crm/csv.ts";
import { formatDocument } from "#domain/crm/documents.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import { centsToSpreadsheetNumber } from "#domain/money.ts";
import type {
  CompanyListQuery,
  ContactListQuery,
  CrmRecordType,
  CustomField,
  DealExportQuery,
} from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { companies, customers, leads, pipelineStages } from "../../db/schema.ts";
import { agencyFacts, timeZoneOf } from "../finance/finance-actor.ts";
import { listAgencyPeople } from "../projects/list-client-companies.ts";
import { companyColumns } from "./company-row.ts";
import { contactsFrom, toContact } from "./contact-row.ts";
import type { CrmContext } from "./crm-context.ts";
import { listCustomFields } from "./custom-fields.ts";
import { dealsFrom, toDeal } from "./deal-row.ts";
import { companyFilter } from "./list-companies.ts";
import { contactFilter } from "./list-contacts.ts";
import { dealFilter } from "./list-deals.ts";
import { keysetSort } from "./list-filters.ts";

/**
 * Exports (issue: "the current filtered list as CSV"): the rows the screen lists, with the screen's
 * filters and order, every field of the form (custom fields as columns named by their labels, in
 * their configured order). Formats, for Brazilian Excel: money a number it sums ("1234,50" under a
 * "(R$)" header), dates dd/mm/aaaa (the day in the agency's time zone), formulas neutralised.
 */
export const EXPORT_MAX_ROWS = 100_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A custom field's value as a cell: a number with a decimal comma, a date dd/mm/aaaa, else the text. */
function customCell(field: CustomField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value).replace(".", ",");
  const text = String(value);
  return field.fieldType === "date" && ISO_DATE.test(text) ? formatDateBr(text) : text;
}

type Export = {
  /** The day an instant falls on in the agency's time zone, dd/mm/aaaa. */
  day: (instant: string | Date) => string;
  fields: CustomField[];
  customCells: (values: Record<string, unknown>) => string[];
};

async function exportSetup(tx: Tx, ctx: CrmContext, entity: CrmRecordType): Promise<Export> {
  const timeZone = timeZoneOf(await agencyFacts(tx, ctx.agencyId));
  const fields = (await listCustomFields(tx, ctx.agencyId)).filter((f) => f.entity === entity);
  return {
    day: (instant) => formatDateBr(dateInZone(new Date(instant), timeZone)),
    fields,
    customCells: (values) => fields.map((f) => customCell(f, values[f.id])),
  };
}

/** The current filtered list of contacts as CSV (the caller's scope, like the screen). */
export async function exportContacts(tx: Tx, ctx: CrmContext, query: ContactListQuery): Promise<string> {
  const out = await exportSetup(tx, ctx, "contact");
  const rows = await contactsFrom(tx)
    .where(contactFilter(ctx, query, query.sort, EXPORT_MAX_ROWS))
    .orderBy(...keysetSort(query.sort, customers, undefined).orderBy)
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
      "Observações",
      ...out.fields.map((f) => f.label),
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
        c.notes,
        ...out.customCells(c.customFields),
        out.day(c.createdAt),
      ]),
  );
}

export async function exportCompanies(tx: Tx, ctx: CrmContext, query: CompanyListQuery): Promise<string> {
  const out = await exportSetup(tx, ctx, "company");
  const people = new Map((await listAgencyPeople(tx, ctx.agencyId)).map((p) => [p.id, p.name]));
  const rows = await tx
    .select(companyColumns)
    .from(companies)
    .where(companyFilter(ctx, query, query.sort, EXPORT_MAX_ROWS))
    .orderBy(...keysetSort(query.sort, companies, undefined).orderBy)
    .limit(EXPORT_MAX_ROWS);
  return toExcelCsv(
    [
      "Nome",
      "Razão social",
      "CNPJ/CPF",
      "E-mail",
      "Telefone",
      "Site",
      "Cidade",
      "UF",
      "Responsável",
      "Tags",
      "Observações",
      ...out.fields.map((f) => f.label),
      "Criado em",
    ],
    rows.map((c) => [
      c.name,
      c.legalName,
      c.document ? formatDocument(c.document) : "",
      c.email,
      formatPhone(c.phone),
      c.website,
      c.city,
      c.state,
      c.ownerId ? (people.get(c.ownerId) ?? "") : "",
      c.tags.join(", "),
      c.notes,
      ...out.customCells(c.customFields),
      out.day(c.createdAt),
    ]),
  );
}

/** The board's order (its stages left to right, each column top to bottom) or the list's (newest first). */
function dealOrder(view: DealExportQuery["view"]) {
  if (view === "list")
    return keysetSort("created_desc", { createdAt: leads.createdAt, name: leads.name, id: leads.id }, undefined)
      .orderBy;
  const stagePosition = sql`(SELECT ${pipelineStages.position} FROM ${pipelineStages} WHERE ${pipelineStages.id} = ${leads.stageId})`;
  return [asc(stagePosition), asc(leads.position), asc(leads.id)];
}

export async function exportDeals(
  tx: Tx,
  ctx: CrmContext,
  query: DealExportQuery,
  stageNames: Map<string, string>,
): Promise<string> {
  const out = await exportSetup(tx, ctx, "deal");
  const { view, ...filters } = query;
  const rows = await dealsFrom(tx)
    .where(dealFilter(ctx, filters, "created_desc", EXPORT_MAX_ROWS))
    .orderBy(...dealOrder(view))
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
      "Origem",
      "Tags",
      ...out.fields.map((f) => f.label),
      "Criada em",
    ],
    rows
      .map(toDeal)
      .map((d) => [
        d.title,
        centsToSpreadsheetNumber(d.valueCents),
        stageNames.get(d.stageId) ?? "",
        outcome[d.outcome],
        d.lostReason,
        d.contactName,
        d.companyName,
        d.ownerName,
        d.expectedCloseOn ? formatDateBr(d.expectedCloseOn) : "",
        d.source,
        d.tags.join(", "),
        ...out.customCells(d.customFields),
        out.day(d.createdAt),
      ]),
  );
}
