import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { allocateInvoiceNumber } from "./allocate-invoice-number.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { lockInvoice } from "./lock-invoice.ts";

/** A draft becomes emitida and takes the next number in the same transaction. */
export async function issueInvoice(tx: Tx, actor: FinanceActor, invoiceId: string, now: Date) {
  const invoice = await lockInvoice(tx, actor.agencyId, invoiceId);
  if (invoice.status !== "rascunho") throw new AppError("conflict", FINANCE_MESSAGES.invoiceNotEditable);
  const number = await allocateInvoiceNumber(tx, actor.agencyId);
  await tx
    .update(invoices)
    .set({ status: "emitida", number, updatedAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.agencyId, actor.agencyId)));
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "invoices",
    resourceId: invoiceId,
    details: { number, status: "emitida" },
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "invoice",
    recordId: invoiceId,
    kind: "issued",
    actorId: actor.userId,
    details: { number },
  });
  return number;
}
