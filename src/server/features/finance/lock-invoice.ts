import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { invoices } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/**
 * The agency's invoice, its row locked until commit: two payments or a payment and a
 * cancellation on one invoice run one after the other, each seeing the other's effect.
 */
export async function lockInvoice(db: Queryable, agencyId: string, invoiceId: string) {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.agencyId, agencyId)))
    .for("update");
  if (!invoice) throw new AppError("not_found", FINANCE_MESSAGES.invoiceNotFound);
  return invoice;
}
