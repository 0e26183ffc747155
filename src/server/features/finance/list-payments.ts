import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Page, PaymentMethod, PaymentView } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { datedPageOf, decodeDatedCursor } from "../../db/dated-keyset-cursor.ts";
import { companies, invoices, payments } from "../../db/schema.ts";
import { paymentInForce } from "./money-in-force.ts";

export type PaymentFilters = {
  method?: PaymentMethod;
  companyId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
  ownerId: string | null;
};

/**
 * Payments in force of the agency (a reversed one is money never received) by payment date, newest
 * first (then newest entry), filtered by period, method and client: the order of the indexes
 * payments_agency_paid/method/company_idx.
 */
export async function listPayments(
  db: Queryable,
  agencyId: string,
  f: PaymentFilters,
): Promise<Page<"payments", PaymentView>> {
  const cursor = decodeDatedCursor(f.cursor);
  const rows = await db
    .select({
      payment: payments,
      invoiceNumber: invoices.number,
      clientName: companies.name,
      exactCreatedAt: sql<string>`${payments.createdAt}::text`,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    // The agency condition lets the planner read this agency's clients alone (see finance-overview.ts).
    .leftJoin(companies, and(eq(companies.id, payments.companyId), eq(companies.agencyId, agencyId)))
    .where(
      and(
        eq(payments.agencyId, agencyId),
        paymentInForce,
        f.ownerId ? eq(payments.createdBy, f.ownerId) : undefined,
        f.method ? eq(payments.method, f.method) : undefined,
        f.companyId ? eq(payments.companyId, f.companyId) : undefined,
        f.from ? gte(payments.paidOn, f.from) : undefined,
        f.to ? lte(payments.paidOn, f.to) : undefined,
        cursor
          ? sql`(${payments.paidOn}, ${payments.createdAt}, ${payments.id}) < (${cursor.day}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
    .limit(f.limit + 1);
  const { page, nextCursor } = datedPageOf(rows, f.limit, (r) => ({
    day: r.payment.paidOn,
    createdAt: r.exactCreatedAt,
    id: r.payment.id,
  }));
  return {
    payments: page.map(({ payment, invoiceNumber, clientName }) => ({
      id: payment.id,
      invoiceId: payment.invoiceId,
      invoiceNumber,
      client: { id: payment.companyId, name: clientName ?? "—" },
      paidOn: payment.paidOn,
      amountCents: payment.amountCents,
      method: payment.method as PaymentMethod,
      notes: payment.notes,
      createdAt: payment.createdAt.toISOString(),
      reversal: null,
    })),
    nextCursor,
  };
}
