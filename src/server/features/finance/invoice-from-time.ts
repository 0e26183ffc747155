import { FINANCE_MESSAGES, type invoiceFromTimeSchema } from "#domain/schemas/finance.ts";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { markTimeInvoiced } from "../time-tracking/invoicing.ts";
import { billableTime } from "./billable-time.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { insertInvoice } from "./insert-invoice.ts";

/**
 * Issues the invoice of a project's approved, billable hours and marks them invoiced, in one
 * transaction: the number, the items and the marks land together or not at all. Hours that
 * changed since the preview (another invoice took them, more were approved) refuse the whole.
 */
export async function invoiceFromTime(
  tx: Tx,
  actor: FinanceActor,
  projectId: string,
  body: z.output<typeof invoiceFromTimeSchema>,
  timeZone: string,
) {
  const { preview, entries, rows } = await billableTime(tx, actor.agencyId, projectId, { timeZone, ...body });
  if (!preview.companyId) throw new AppError("conflict", FINANCE_MESSAGES.projectWithoutClient);
  if (rows.items.length === 0 || rows.columns.amountDueCents <= 0) {
    throw new AppError("conflict", FINANCE_MESSAGES.noBillableTime);
  }
  if (rows.columns.subtotalCents !== body.expectedTotalCents) {
    throw new AppError("conflict", FINANCE_MESSAGES.billableTimeChanged);
  }
  const invoice = await insertInvoice(tx, actor, {
    companyId: preview.companyId,
    issueDate: body.issueDate,
    dueDate: body.dueDate,
    notes: body.notes,
    draft: false,
    source: "horas",
    rows,
  });
  const marked = await markTimeInvoiced(
    tx,
    entries.map((entry) => entry.id),
    invoice.id,
  );
  // A concurrent invoice took some of these hours first (its UPDATE won the row locks).
  if (marked.length !== entries.length) throw new AppError("conflict", FINANCE_MESSAGES.billableTimeChanged);
  return invoice;
}
