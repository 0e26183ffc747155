import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES, type InvoiceBody } from "#domain/schemas/finance.ts";
import type { Tx } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { findCompany } from "./find-company.ts";
import { insertInvoice } from "./insert-invoice.ts";

/** An invoice typed by hand (or the replacement of a cancelled one). */
export async function createInvoice(tx: Tx, actor: FinanceActor, body: InvoiceBody) {
  await findCompany(tx, actor.agencyId, body.companyId);
  if (body.replacesInvoiceId) {
    const [replaced] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, body.replacesInvoiceId), eq(invoices.agencyId, actor.agencyId)));
    if (!replaced) throw new AppError("not_found", FINANCE_MESSAGES.invoiceNotFound);
  }
  return insertInvoice(tx, actor, {
    companyId: body.companyId,
    issueDate: body.issueDate,
    dueDate: body.dueDate,
    notes: body.notes,
    draft: body.draft,
    source: "manual",
    replacesInvoiceId: body.replacesInvoiceId ?? null,
    rows: documentRows(body),
  });
}
