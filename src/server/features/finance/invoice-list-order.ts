import { desc, type SQL, sql } from "drizzle-orm";
import { invoices } from "../../db/schema.ts";

/**
 * The invoice list's order (QA #10): drafts, which have no number yet, on top, newest first; then
 * the invoices by number, highest first, whatever order concurrent requests created them in.
 * Keyset paged on (sort number, created_at, id) through invoices_agency_list_order_idx (migration
 * 0050): the expression is written as the index writes it, constant inline, so the planner uses it.
 */
export const invoiceSortNumber = sql<number>`coalesce(${invoices.number}, 2147483647)`;

export const invoiceListOrder: SQL[] = [sql`${invoiceSortNumber} desc`, desc(invoices.createdAt), desc(invoices.id)];

export type InvoiceCursor = { sortNumber: number; createdAt: string; id: string };

/** created_at travels as PostgreSQL's text, at full (microsecond) precision a JS Date would round. */
export function encodeInvoiceCursor(cursor: InvoiceCursor): string {
  return Buffer.from(`${cursor.sortNumber}|${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeInvoiceCursor(text: string | undefined): InvoiceCursor | null {
  if (!text) return null;
  const [sortNumber, createdAt, id] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (!/^\d{1,10}$/.test(sortNumber ?? "") || Number(sortNumber) > 2147483647) return null;
  if (!createdAt || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) return null;
  return { sortNumber: Number(sortNumber), createdAt, id };
}

/** The rows after the cursor in the list's order. */
export function afterInvoiceCursor(cursor: InvoiceCursor): SQL {
  return sql`(${invoiceSortNumber}, ${invoices.createdAt}, ${invoices.id})
    < (${cursor.sortNumber}::int, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
