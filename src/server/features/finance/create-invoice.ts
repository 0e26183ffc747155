import { and, eq, ne } from "drizzle-orm";
import { FINANCE_MESSAGES, type InvoiceBody } from "#domain/schemas/finance.ts";
import type { Tx } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { findCompany } from "./find-company.ts";
import { insertInvoice } from "./insert-invoice.ts";
import { lockInvoice } from "./lock-invoice.ts";

/**
 * An issued invoice is never edited: it is cancelled and replaced. The replaced one must be
 * cancelled, and has one live replacement at most (locked: two at once cannot both replace it).
 */
async function checkReplaceable(tx: Tx, agencyId: string, replacedId: string): Promise<void> {
  const replaced = await lockInvoice(tx, agencyId, replacedId);
  if (replaced.status !== "cancelada") throw new AppError("conflict", FINANCE_MESSAGES.replaceOnlyCancelled);
  const [replacement] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.agencyId, agencyId),
        eq(invoices.replacesInvoiceId, replacedId),
        ne(invoices.status, "cancelada"),
      ),
    )
    .limit(1);
  if (replacement) throw new AppError("conflict", FINANCE_MESSAGES.alreadyReplaced);
}

/** An invoice typed by hand (or the replacement of a cancelled one). */
export async function createInvoice(tx: Tx, actor: FinanceActor, body: InvoiceBody) {
  await findCompany(tx, actor.agencyId, body.companyId);
  if (body.replacesInvoiceId) await checkReplaceable(tx, actor.agencyId, body.replacesInvoiceId);
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
