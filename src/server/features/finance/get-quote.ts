import { and, asc, eq, ne } from "drizzle-orm";
import { FINANCE_MESSAGES, type QuoteStatus, type QuoteView } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { companies, invoices, quoteItems, quotes } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { toDocumentItem, toTotalsView } from "./document-lines.ts";
import { quoteStatusOn } from "./quote-status.ts";

export function publicQuoteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/orcamento/${token}`;
}

/** One quote of the agency with its client, items and decision; 404 for anything else. */
export async function getQuote(
  db: Queryable,
  agencyId: string,
  quoteId: string,
  publicUrl: string,
  today: string,
): Promise<QuoteView> {
  const [row] = await db
    .select({ quote: quotes, company: companies })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, agencyId)));
  if (!row) throw new AppError("not_found", FINANCE_MESSAGES.quoteNotFound);
  const items = await db
    .select()
    .from(quoteItems)
    .where(and(eq(quoteItems.agencyId, agencyId), eq(quoteItems.quoteId, quoteId)))
    .orderBy(asc(quoteItems.position));
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.agencyId, agencyId), eq(invoices.quoteId, quoteId), ne(invoices.status, "cancelada")))
    .limit(1);
  const { quote, company } = row;
  return {
    id: quote.id,
    title: quote.title,
    status: quoteStatusOn(quote.status as QuoteStatus, quote.validUntil, today),
    client: {
      id: company.id,
      name: company.name,
      legalName: company.legalName,
      document: company.document,
      email: company.email,
    },
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    createdAt: quote.createdAt.toISOString(),
    ...toTotalsView(quote),
    items: items.map((item) => ({ ...toDocumentItem(item), priceItemId: item.priceItemId })),
    notes: quote.notes,
    paymentTerms: quote.paymentTerms,
    updatedAt: quote.updatedAt.toISOString(),
    publicUrl: quote.publicToken ? publicQuoteUrl(publicUrl, quote.publicToken) : null,
    tokenExpiresAt: quote.tokenExpiresAt?.toISOString() ?? null,
    sentAt: quote.sentAt?.toISOString() ?? null,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    decidedByName: quote.decidedByName,
    decidedIp: quote.decidedIp,
    declineReason: quote.declineReason,
    invoiceId: invoice?.id ?? null,
  };
}
