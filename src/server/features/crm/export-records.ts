import { dateInZone, formatDateBr } from "#domain/calendar-date.ts";
import { formatDocument } from "#domain/br-documents.ts";
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
import { agencyFacts, timeZoneOf } from "../finance/finance-actor.ts";
import { listAgencyPeople } from "../projects/list-client-companies.ts";
import { dealPagesInBoardOrder } from "./board-order-pages.ts";
import type { CrmContext } from "./crm-context.ts";
import { listCustomFields } from "./custom-fields.ts";
import { csvPieces, EXPORT_PAGE_ROWS, keysetPages } from "./export-pages.ts";
import { listCompanies } from "./list-companies.ts";
import { listContacts } from "./list-contacts.ts";
import { listDeals } from "./list-deals.ts";
import { listPipelines } from "./list-pipelines.ts";

/**
 * Exports (issue: "the current filtered list as CSV"): every row the screen lists, with the screen's
 * filters and order, every field of the form (custom fields as columns named by their labels, in
 * their configured order). Formats, for Brazilian Excel: money a number it sums ("1234,50" under a
 * "(R$)" header), dates dd/mm/aaaa (the day in the agency's time zone), formulas neutralised.
 * Each export is the CSV in pieces, one per page the list's own keyset paging reads
 * (EXPORT_PAGE_ROWS), for the caller to send as they come (see routes.ts).
 */

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
export async function* exportContacts(tx: Tx, ctx: CrmContext, query: ContactListQuery): AsyncGenerator<string> {
  const out = await exportSetup(tx, ctx, "contact");
  const pages = keysetPages((cursor) =>
    listContacts(tx, ctx, { ...query, cursor, limit: EXPORT_PAGE_ROWS }).then((page) => ({
      rows: page.contacts,
      nextCursor: page.nextCursor,
    })),
  );
  const header = [
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
  ];
  yield* csvPieces(header, pages, (c) => [
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
  ]);
}

export async function* exportCompanies(tx: Tx, ctx: CrmContext, query: CompanyListQuery): AsyncGenerator<string> {
  const out = await exportSetup(tx, ctx, "company");
  const people = new Map((await listAgencyPeople(tx, ctx.agencyId)).map((p) => [p.id, p.name]));
  const pages = keysetPages((cursor) =>
    listCompanies(tx, ctx, { ...query, cursor, limit: EXPORT_PAGE_ROWS }).then((page) => ({
      rows: page.companies,
      nextCursor: page.nextCursor,
    })),
  );
  const header = [
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
  ];
  yield* csvPieces(header, pages, (c) => [
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
  ]);
}

/** The deals of the board's order (its stages left to right, each column top to bottom) or of the list's (newest first). */
function dealPages(tx: Tx, ctx: CrmContext, { view, ...filters }: DealExportQuery) {
  if (view === "board") return dealPagesInBoardOrder(tx, ctx, filters, EXPORT_PAGE_ROWS);
  return keysetPages((cursor) =>
    listDeals(tx, ctx, { ...filters, cursor, limit: EXPORT_PAGE_ROWS }).then((page) => ({
      rows: page.deals,
      nextCursor: page.nextCursor,
    })),
  );
}

export async function* exportDeals(tx: Tx, ctx: CrmContext, query: DealExportQuery): AsyncGenerator<string> {
  const out = await exportSetup(tx, ctx, "deal");
  const stageNames = new Map(
    (await listPipelines(tx, ctx.agencyId)).flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)),
  );
  const outcome = { open: "aberta", won: "ganha", lost: "perdida" } as const;
  const header = [
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
  ];
  yield* csvPieces(header, dealPages(tx, ctx, query), (d) => [
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
  ]);
}
