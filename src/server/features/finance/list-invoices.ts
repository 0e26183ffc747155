import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { InvoiceStatus, InvoiceSummary, Page } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { pageWithCursor } from "../../db/keyset-cursor.ts";
import { companies, invoices } from "../../db/schema.ts";
import { datedWithin } from "./dated-within.ts";
import {
  afterInvoiceCursor,
  decodeInvoiceCursor,
  encodeInvoiceCursor,
  invoiceListOrder,
  invoiceSortNumber,
} from "./invoice-list-order.ts";
import { toInvoiceSummary } from "./invoice-summary.ts";

export type InvoiceFilters = {
  status?: InvoiceStatus;
  companyId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
  today: string;
  ownerId: string | null;
};

/** vencida is computed: an open balance past its due date; emitida and parcialmente_paga exclude it. */
function statusFilter(status: InvoiceStatus | undefined, today: string) {
  if (!status) return undefined;
  if (status === "vencida") {
    return and(inArray(invoices.status, ["emitida", "parcialmente_paga"]), sql`${invoices.dueDate} < ${today}`);
  }
  if (status === "emitida" || status === "parcialmente_paga") {
    return and(eq(invoices.status, status), gte(invoices.dueDate, today));
  }
  return eq(invoices.status, status);
}

/** The agency's invoices, drafts then by number (highest first), filtered by status, client and issue date; keyset paged. */
export async function listInvoices(
  db: Queryable,
  agencyId: string,
  f: InvoiceFilters,
): Promise<Page<"invoices", InvoiceSummary>> {
  const cursor = decodeInvoiceCursor(f.cursor);
  const rows = await db
    .select({
      invoice: invoices,
      clientName: companies.name,
      sortNumber: invoiceSortNumber,
      exactCreatedAt: sql<string>`${invoices.createdAt}::text`,
    })
    .from(invoices)
    // The agency condition lets the planner read this agency's clients alone (see finance-overview.ts).
    .leftJoin(companies, and(eq(companies.id, invoices.companyId), eq(companies.agencyId, agencyId)))
    .where(
      and(
        eq(invoices.agencyId, agencyId),
        f.ownerId ? eq(invoices.createdBy, f.ownerId) : undefined,
        statusFilter(f.status, f.today),
        f.companyId ? eq(invoices.companyId, f.companyId) : undefined,
        datedWithin(invoices, { dated: invoices.issueDate, sortKey: invoiceSortNumber }, agencyId, f.from, f.to),
        cursor ? afterInvoiceCursor(cursor) : undefined,
      ),
    )
    .orderBy(...invoiceListOrder)
    .limit(f.limit + 1);
  const { page, nextCursor } = pageWithCursor(rows, f.limit, (r) =>
    encodeInvoiceCursor({ sortNumber: Number(r.sortNumber), createdAt: r.exactCreatedAt, id: r.invoice.id }),
  );
  return { invoices: page.map((r) => toInvoiceSummary(r.invoice, r.clientName, f.today)), nextCursor };
}
