import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable } from "../../db/client.ts";
import { invoiceItems, invoices } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { allocateInvoiceNumber } from "./allocate-invoice-number.ts";
import type { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";

export type NewInvoice = {
  companyId: string;
  issueDate: string;
  dueDate: string;
  notes: string | null;
  draft: boolean;
  source: "manual" | "orcamento" | "recorrente" | "horas";
  quoteId?: string | null;
  replacesInvoiceId?: string | null;
  scheduleId?: string | null;
  periodKey?: string | null;
  rows: ReturnType<typeof documentRows>;
};

/**
 * The one way an invoice is born (by hand, from a quote, from a schedule): a number from the
 * agency's counter unless it is a draft, items, audit and timeline in the caller's transaction.
 */
export async function insertInvoice(tx: Queryable, actor: FinanceActor, input: NewInvoice) {
  const number = input.draft ? null : await allocateInvoiceNumber(tx, actor.agencyId);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      agencyId: actor.agencyId,
      number,
      companyId: input.companyId,
      quoteId: input.quoteId ?? null,
      replacesInvoiceId: input.replacesInvoiceId ?? null,
      scheduleId: input.scheduleId ?? null,
      periodKey: input.periodKey ?? null,
      source: input.source,
      status: input.draft ? "rascunho" : "emitida",
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      notes: input.notes,
      createdBy: actor.userId,
      ...input.rows.columns,
    })
    .returning({ id: invoices.id, number: invoices.number });
  await tx
    .insert(invoiceItems)
    .values(input.rows.items.map((item) => ({ ...item, agencyId: actor.agencyId, invoiceId: invoice.id })));
  const details = { number, source: input.source, amountDueCents: input.rows.columns.amountDueCents };
  await recordAudit(tx, actor, { action: "create", resourceType: "invoices", resourceId: invoice.id, details });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "invoice",
    recordId: invoice.id,
    kind: input.draft ? "created" : "issued",
    actorId: actor.userId,
    details,
  });
  return invoice;
}
