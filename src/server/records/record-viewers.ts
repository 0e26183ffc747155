import { type AnyColumn, and, eq, exists, isNull, type SQL, sql } from "drizzle-orm";
import type { RecordScope } from "#domain/permissions.ts";
import type { RecordType } from "#domain/records.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { companies, customers, expenses, invoices, leads, payments, quotes } from "../db/schema.ts";
import { expenseNotDeleted } from "../features/finance/money-in-force.ts";

export type ViewerContext = { user: SessionUser; agencyId: string; scope: RecordScope };

/**
 * A condition, true when the record of one type whose id is `recordId` (a column of the outer
 * query, or a value) is one the caller may view: it exists in its agency and, with scope "own",
 * is its own (owner, assignee, member — the module's rule). Written as SQL so a list (recent
 * activity) filters in its own statement before its limit; run in the caller's tenant
 * transaction, so row-level security applies too.
 */
export type RecordViewer = (tx: Tx, ctx: ViewerContext, recordId: AnyColumn | SQL) => SQL;

const visibleCompany: RecordViewer = (tx, { user, agencyId, scope }, recordId) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(companies)
      .where(
        and(
          eq(companies.id, recordId),
          eq(companies.agencyId, agencyId),
          isNull(companies.deletedAt),
          scope === "own" ? eq(companies.ownerId, user.id) : undefined,
        ),
      ),
  );

/** CRM contacts and deals: the agency's, and the caller's own with scope "own" (as the CRM lists them). */
const visibleContact: RecordViewer = (tx, { user, agencyId, scope }, recordId) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(customers)
      .where(
        and(
          eq(customers.id, recordId),
          eq(customers.agencyId, agencyId),
          scope === "own" ? eq(customers.ownerId, user.id) : undefined,
        ),
      ),
  );

const visibleDeal: RecordViewer = (tx, { user, agencyId, scope }, recordId) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(leads)
      .where(
        and(
          eq(leads.id, recordId),
          eq(leads.agencyId, agencyId),
          scope === "own" ? eq(leads.ownerId, user.id) : undefined,
        ),
      ),
  );

/**
 * Finance records (issue 18): those of the caller's agency, no more. The "own" scope of the finance
 * modules (created_by) is applied by row-level security on these tables, in the same transaction.
 */
function existingIn(
  table: typeof quotes | typeof invoices | typeof payments | typeof expenses,
  ...conditions: SQL[]
): RecordViewer {
  return (tx, { agencyId }, recordId) =>
    exists(
      tx
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.id, recordId), eq(table.agencyId, agencyId), ...conditions)),
    );
}

/**
 * Each record type's visibility rule, one line per type; a module that lands adds its own
 * (delivery: project, task…). A type without a line is visible to callers whose scope on its
 * module is "all", and to nobody with scope "own" (safe until the module says).
 */
export const RECORD_VIEWERS: Partial<Record<RecordType, RecordViewer>> = {
  company: visibleCompany,
  contact: visibleContact,
  deal: visibleDeal,
  quote: existingIn(quotes),
  invoice: existingIn(invoices),
  payment: existingIn(payments),
  // A deleted expense (kept for its period and the audit) is no longer there for its files.
  expense: existingIn(expenses, expenseNotDeleted),
};

/** The condition for one record type and scope: its viewer, or all / nothing without one. */
export function recordVisibleIf(tx: Tx, type: RecordType, ctx: ViewerContext, recordId: AnyColumn | SQL): SQL {
  const viewer = RECORD_VIEWERS[type];
  if (viewer) return viewer(tx, ctx, recordId);
  return ctx.scope === "all" ? sql`true` : sql`false`;
}
