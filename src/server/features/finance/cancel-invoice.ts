import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { releaseInvoicedTime } from "../time-tracking/invoicing.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { lockInvoice } from "./lock-invoice.ts";

/**
 * Cancels an invoice with a reason; it keeps its number (the sequence never has a hole). Hours it
 * had taken become invoiceable again, for the invoice that replaces it.
 */
export async function cancelInvoice(tx: Tx, actor: FinanceActor, invoiceId: string, reason: string, now: Date) {
  const invoice = await lockInvoice(tx, actor.agencyId, invoiceId);
  if (invoice.status === "cancelada") throw new AppError("conflict", FINANCE_MESSAGES.alreadyCancelled);
  if (invoice.paidCents > 0) throw new AppError("conflict", FINANCE_MESSAGES.cancelPaid);
  await tx
    .update(invoices)
    .set({ status: "cancelada", cancelReason: reason, cancelledAt: now, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.agencyId, actor.agencyId)));
  const releasedTimeEntries = await releaseInvoicedTime(tx, actor.agencyId, invoiceId);
  const details = { number: invoice.number, reason, ...(releasedTimeEntries ? { releasedTimeEntries } : {}) };
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "invoices",
    resourceId: invoiceId,
    details: { ...details, status: "cancelada" },
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "invoice",
    recordId: invoiceId,
    kind: "cancelled",
    actorId: actor.userId,
    details,
  });
}
