import { and, eq } from "drizzle-orm";
import { paidStatusOf } from "#domain/invoice-payment-status.ts";
import { formatCents } from "#domain/money.ts";
import { FINANCE_MESSAGES, type PaymentBody, paymentDateIssue } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { invoices, payments } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { lockInvoice } from "./lock-invoice.ts";

/**
 * Records a payment against an invoice's open balance (partial allowed, more refused), moving
 * it to parcialmente_paga or paga. The invoice row is locked first, so two concurrent payments
 * see each other and can never overpay together. Money received is never dated after the agency's `today`.
 */
export async function recordPayment(
  tx: Tx,
  actor: FinanceActor,
  body: PaymentBody,
  { currency, today }: { currency: string; today: string },
): Promise<string> {
  const dateIssue = paymentDateIssue(body.paidOn, today);
  if (dateIssue) throw new AppError("validation_failed", dateIssue, { field: "paidOn" });
  const invoice = await lockInvoice(tx, actor.agencyId, body.invoiceId);
  if (invoice.status === "rascunho" || invoice.status === "cancelada" || invoice.status === "paga") {
    throw new AppError("conflict", FINANCE_MESSAGES.invoiceNotPayable);
  }
  const balance = invoice.amountDueCents - invoice.paidCents;
  if (body.amountCents > balance) {
    throw new AppError(
      "validation_failed",
      `${FINANCE_MESSAGES.overpayment} Saldo: ${formatCents(balance, currency)}.`,
      {
        field: "amountCents",
      },
    );
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      agencyId: actor.agencyId,
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      paidOn: body.paidOn,
      amountCents: body.amountCents,
      method: body.method,
      notes: body.notes,
      createdBy: actor.userId,
    })
    .returning({ id: payments.id });
  const paidCents = invoice.paidCents + body.amountCents;
  const status = paidStatusOf(paidCents, invoice.amountDueCents);
  const isPaid = status === "paga";
  await tx
    .update(invoices)
    .set({
      paidCents,
      status,
      paidAt: isPaid ? body.paidOn : null,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.agencyId, actor.agencyId)));
  const details = {
    invoiceNumber: invoice.number,
    amountCents: body.amountCents,
    method: body.method,
    paidOn: body.paidOn,
  };
  await recordAudit(tx, actor, { action: "create", resourceType: "payments", resourceId: payment.id, details });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "invoice",
    recordId: invoice.id,
    kind: "payment_recorded",
    actorId: actor.userId,
    details,
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "payment",
    recordId: payment.id,
    kind: "created",
    actorId: actor.userId,
    details,
  });
  if (isPaid && invoice.createdBy) {
    await notifyUsers(tx, {
      agencyId: actor.agencyId,
      userIds: [invoice.createdBy],
      kind: "invoice_paid",
      title: `Fatura nº ${invoice.number} paga`,
      body: `Recebido ${formatCents(invoice.amountDueCents, currency)}.`,
      recordType: "invoice",
      recordId: invoice.id,
      actorId: actor.userId,
    });
  }
  return payment.id;
}
