import { formatDateBr } from "#domain/calendar-date.ts";
import { INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { readLogo } from "../agency-settings/agency-logo-file.ts";
import type { AgencyFacts } from "./finance-actor.ts";
import { getInvoice } from "./get-invoice.ts";
import { getQuote } from "./get-quote.ts";
import type { PdfDocumentData } from "./render-document-pdf.ts";

async function logoOf(storage: FileStorage, agency: AgencyFacts): Promise<Uint8Array | null> {
  if (!agency.logoUrl) return null;
  const logo = await readLogo(storage, agency.id);
  return logo && (logo.contentType === "image/png" || logo.contentType === "image/jpeg") ? logo.bytes : null;
}

/**
 * pdfkit, its fonts and the QR code encoder load with the first PDF, not at start: importing them
 * inflates font and Unicode tables, a tenth of a second of every start for a feature used now and then.
 */
async function renderDocumentPdf(data: PdfDocumentData): Promise<Buffer> {
  const { renderDocumentPdf: render } = await import("./render-document-pdf.ts");
  return render(data);
}

/** Noon UTC of a calendar date: the PDF's fixed creation date. */
const fixedDate = (date: string) => new Date(`${date}T12:00:00Z`);

export async function invoicePdf(
  db: Queryable,
  storage: FileStorage,
  agency: AgencyFacts,
  invoiceId: string,
  now: Date,
) {
  const invoice = await getInvoice(db, agency, invoiceId, now);
  const number = invoice.number === null ? "Rascunho" : `Nº ${String(invoice.number).padStart(6, "0")}`;
  const bytes = await renderDocumentPdf({
    kind: "fatura",
    heading: `Fatura ${number}`,
    agency,
    logo: await logoOf(storage, agency),
    client: invoice.client,
    dates: [
      { label: "Emissão", value: formatDateBr(invoice.issueDate) },
      { label: "Vencimento", value: formatDateBr(invoice.dueDate) },
    ],
    items: invoice.items,
    totals: invoice,
    balanceCents: invoice.balanceCents,
    notes: invoice.cancelReason ? `Cancelada: ${invoice.cancelReason}` : invoice.notes,
    paymentTerms: null,
    pix: invoice.pix,
    statusLabel: INVOICE_STATUS_LABELS[invoice.status],
    createdAt: fixedDate(invoice.issueDate),
  });
  return { bytes, filename: `fatura-${invoice.number ?? "rascunho"}.pdf` };
}

export async function quotePdf(
  db: Queryable,
  storage: FileStorage,
  agency: AgencyFacts,
  quoteId: string,
  publicUrl: string,
  today: string,
) {
  const quote = await getQuote(db, agency.id, quoteId, publicUrl, today);
  const bytes = await renderDocumentPdf({
    kind: "orcamento",
    heading: "Orçamento",
    agency,
    logo: await logoOf(storage, agency),
    client: quote.client,
    dates: [
      { label: "Data", value: formatDateBr(quote.issueDate) },
      { label: "Válido até", value: formatDateBr(quote.validUntil) },
    ],
    items: quote.items,
    totals: quote,
    notes: [quote.title, quote.notes].filter(Boolean).join("\n"),
    paymentTerms: quote.paymentTerms,
    pix: null,
    statusLabel: QUOTE_STATUS_LABELS[quote.status],
    createdAt: fixedDate(quote.issueDate),
  });
  return { bytes, filename: `orcamento-${quote.id.slice(0, 8)}.pdf` };
}
