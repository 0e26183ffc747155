import { and, eq, sql } from "drizzle-orm";
import { paidStatusOf } from "#domain/invoice-payment-status.ts";
import { FINANCE_CORRECTION_MESSAGES } from "#domain/schemas/finance-corrections.ts";
import type { InvoiceSummary } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { companies, invoices, payments } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { toInvoiceSummary } from "./invoice-summary.ts";
import { lockInvoice } from "./lock-invoice.ts";
import { paymentInForce } from "./money-in-force.ts";

type Reversal = { paymentId: string; reason: string; now: Date; today: string };

/**
 * Estorno: marks a payment reversed (who, when, why; the row stays) and recomputes its invoice's
 * paid amount and status from the payments still in force. The invoice is locked before the
 * payment is touched, as a new payment locks it, so a reversal and a payment, or two reversals,
 * run one after the other: the second reversal of one payment finds it reversed and gets 409.
 */
export async function reversePayment(tx: Tx, actor: FinanceActor, reversal: Reversal): Promise<InvoiceSummary> {
  const payment = await findPayment(tx, actor.agencyId, reversal.paymentId);
  const invoice = await lockInvoice(tx, actor.agencyId, payment.invoiceId);
  const [reversed] = await tx
    .update(payments)
    .set({ reversedAt: reversal.now, reversedBy: actor.userId, reversalReason: reversal.reason })
    .where(and(eq(payments.agencyId, actor.agencyId), eq(payments.id, payment.id), paymentInForce))
    .returning({ id: payments.id });
  if (!reversed) throw new AppError("conflict", FINANCE_CORRECTION_MESSAGES.paymentAlreadyReversed);
  const paidCents = await paidInForce(tx, actor.agencyId, invoice.id);
  const [updated] = await tx
    .update(invoices)
    .set({ paidCents, status: paidStatusOf(paidCents, invoice.amountDueCents), paidAt: null, updatedAt: reversal.now })
    .where(and(eq(invoices.agencyId, actor.agencyId), eq(invoices.id, invoice.id)))
    .returning();
  await recordReversal(tx, actor, { payment, invoiceNumber: invoice.number, reason: reversal.reason });
  return toInvoiceSummary(updated, await clientName(tx, actor.agencyId, invoice.companyId), reversal.today);
}

async function findPayment(db: Queryable, agencyId: string, paymentId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.agencyId, agencyId), eq(payments.id, paymentId)));
  if (!payment) throw new AppError("not_found", FINANCE_CORRECTION_MESSAGES.paymentNotFound);
  return payment;
}

/** What the invoice's payments in force add up to: the paid amount, read again rather than subtracted. */
async function paidInForce(db: Queryable, agencyId: string, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.agencyId, agencyId), eq(payments.invoiceId, invoiceId), paymentInForce));
  return Number(row.total);
}

async function clientName(db: Queryable, agencyId: string, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.agencyId, agencyId), eq(companies.id, companyId)));
  return row?.name ?? null;
}

type ReversalRecord = {
  payment: typeof payments.$inferSelect;
  invoiceNumber: number | null;
  reason: string;
};

/** The audit row and both timelines (the invoice's and the payment's), in the reversal's transaction. */
async function recordReversal(tx: Tx, actor: FinanceActor, { payment, invoiceNumber, reason }: ReversalRecord) {
  const details = {
    invoiceNumber,
    amountCents: payment.amountCents,
    method: payment.method,
    paidOn: payment.paidOn,
  };
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "payments",
    resourceId: payment.id,
    details: { ...details, reversed: true, reason },
  });
  const timeline = { agencyId: actor.agencyId, actorId: actor.userId, details: { ...details, note: reason } };
  await recordTimelineEvent(tx, {
    ...timeline,
    recordType: "invoice",
    recordId: payment.invoiceId,
    kind: "payment_reversed",
  });
  await recordTimelineEvent(tx, { ...timeline, recordType: "payment", recordId: payment.id, kind: "reversed" });
}
