import { and, asc, desc, eq, ne } from "drizzle-orm";
import { FINANCE_MESSAGES, type InvoiceView, type PaymentMethod } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { companies, invoiceItems, invoices, payments, profiles } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { actorNameSql } from "../notifications/actor-name.ts";
import { toDocumentItem, toTotalsView } from "./document-lines.ts";
import { type AgencyFacts, todayOf } from "./finance-actor.ts";
import { invoicePixCode, pixPayeeOf } from "./invoice-pix.ts";
import { toInvoiceSummary } from "./invoice-summary.ts";

/** One invoice of the agency with items, payments and the Pix code of its open balance; 404 otherwise. */
export async function getInvoice(
  db: Queryable,
  agency: AgencyFacts,
  invoiceId: string,
  now: Date,
): Promise<InvoiceView> {
  const [row] = await db
    .select({ invoice: invoices, company: companies })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.agencyId, agency.id)));
  if (!row) throw new AppError("not_found", FINANCE_MESSAGES.invoiceNotFound);
  const { invoice, company } = row;
  const items = await db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.agencyId, agency.id), eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.position));
  // Every payment, reversed ones too: the invoice's history shows what was entered and undone.
  const paid = await db
    .select({ payment: payments, reversedByName: actorNameSql })
    .from(payments)
    .leftJoin(profiles, eq(profiles.id, payments.reversedBy))
    .where(and(eq(payments.agencyId, agency.id), eq(payments.invoiceId, invoiceId)))
    .orderBy(desc(payments.paidOn), desc(payments.createdAt));
  const [replaces] = invoice.replacesInvoiceId
    ? await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.agencyId, agency.id), eq(invoices.id, invoice.replacesInvoiceId)))
    : [];
  // Only a cancelled invoice can have been replaced: the others skip the look-up.
  const [replacedBy] =
    invoice.status === "cancelada"
      ? await db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(
            and(
              eq(invoices.agencyId, agency.id),
              eq(invoices.replacesInvoiceId, invoiceId),
              ne(invoices.status, "cancelada"),
            ),
          )
          .limit(1)
      : [];
  const summary = toInvoiceSummary(invoice, company.name, todayOf(agency, now));
  const payee = summary.balanceCents > 0 && invoice.number !== null ? await pixPayeeOf(db, agency) : null;
  return {
    ...summary,
    ...toTotalsView(invoice),
    client: {
      id: company.id,
      name: company.name,
      legalName: company.legalName,
      document: company.document,
      email: company.email,
    },
    items: items.map(toDocumentItem),
    notes: invoice.notes,
    quoteId: invoice.quoteId,
    replacesInvoiceId: invoice.replacesInvoiceId,
    replaces: replaces ?? null,
    replacedBy: replacedBy ?? null,
    cancelReason: invoice.cancelReason,
    cancelledAt: invoice.cancelledAt?.toISOString() ?? null,
    pix: payee ? invoicePixCode(payee, summary) : null,
    payments: paid.map(({ payment: p, reversedByName }) => ({
      id: p.id,
      invoiceId: p.invoiceId,
      invoiceNumber: invoice.number,
      client: { id: company.id, name: company.name },
      paidOn: p.paidOn,
      amountCents: p.amountCents,
      method: p.method as PaymentMethod,
      notes: p.notes,
      createdAt: p.createdAt.toISOString(),
      reversal:
        p.reversedAt && p.reversalReason
          ? { at: p.reversedAt.toISOString(), byName: reversedByName, reason: p.reversalReason }
          : null,
    })),
  };
}
