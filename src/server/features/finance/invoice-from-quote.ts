import { and, asc, eq, ne } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import type { Tx } from "../../db/client.ts";
import { invoices, quoteItems } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { insertInvoice } from "./insert-invoice.ts";
import { lockQuote } from "./lock-quote.ts";

/** The quote's Observações and its payment terms, both of which the client accepted (QA #9). */
export function invoiceNotesOf(quote: { notes: string | null; paymentTerms: string | null }): string | null {
  const terms = quote.paymentTerms ? `Condições de pagamento: ${quote.paymentTerms}` : null;
  return [quote.notes, terms].filter(Boolean).join("\n\n") || null;
}

/** The first invoice of an accepted quote: its items, discount and ISS as the client accepted them. */
export async function invoiceFromQuote(
  tx: Tx,
  actor: FinanceActor,
  quoteId: string,
  dates: { issueDate: string; dueDate: string },
) {
  const quote = await lockQuote(tx, actor.agencyId, quoteId);
  if (quote.status !== "aceito") throw new AppError("conflict", FINANCE_MESSAGES.quoteNotAccepted);
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.agencyId, actor.agencyId), eq(invoices.quoteId, quoteId), ne(invoices.status, "cancelada")))
    .limit(1);
  if (existing) throw new AppError("conflict", FINANCE_MESSAGES.quoteAlreadyInvoiced);
  const items = await tx
    .select()
    .from(quoteItems)
    .where(and(eq(quoteItems.agencyId, actor.agencyId), eq(quoteItems.quoteId, quoteId)))
    .orderBy(asc(quoteItems.position));
  const rows: ReturnType<typeof documentRows> = {
    items: items.map(({ position, service, description, quantity, unitPriceCents, totalCents }) => ({
      position,
      service,
      description,
      quantity,
      unitPriceCents,
      totalCents,
    })),
    columns: {
      discountCents: quote.discountCents,
      issRateBp: quote.issRateBp,
      issWithheld: quote.issWithheld,
      subtotalCents: quote.subtotalCents,
      totalCents: quote.totalCents,
      amountDueCents: quote.amountDueCents,
    },
    issCents: 0,
  };
  return insertInvoice(tx, actor, {
    companyId: quote.companyId,
    ...dates,
    notes: invoiceNotesOf(quote),
    draft: false,
    source: "orcamento",
    quoteId,
    rows,
  });
}
