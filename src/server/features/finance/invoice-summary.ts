import { invoiceStatusOn, type InvoiceSummary } from "#domain/schemas/finance.ts";
import type { invoices } from "../../db/schema.ts";

export function toInvoiceSummary(
  invoice: typeof invoices.$inferSelect,
  clientName: string | null,
  today: string,
): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoiceStatusOn(invoice.status, invoice.dueDate, today),
    client: { id: invoice.companyId, name: clientName ?? "—" },
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    amountDueCents: invoice.amountDueCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.status === "cancelada" ? 0 : invoice.amountDueCents - invoice.paidCents,
    source: invoice.source,
    createdAt: invoice.createdAt.toISOString(),
  };
}
