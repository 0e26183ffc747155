import { and, eq, inArray, isNull } from "drizzle-orm";
import type { RecordScope } from "#domain/permissions.ts";
import type { RecordType } from "#domain/records.ts";
import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { companies, expenses, invoices, payments, quotes } from "../db/schema.ts";

export type ViewerContext = { user: SessionUser; agencyId: string; scope: RecordScope };

/**
 * Which of `ids` (records of one type) the caller may view: exist in its agency and, with scope
 * "own", are its own (owner, assignee, member — the module's rule). Run in the caller's tenant
 * transaction, so row-level security applies too.
 */
export type RecordViewer = (tx: Tx, ctx: ViewerContext, ids: string[]) => Promise<Set<string>>;

const visibleCompanies: RecordViewer = async (tx, { user, agencyId, scope }, ids) => {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.agencyId, agencyId),
        inArray(companies.id, ids),
        isNull(companies.deletedAt),
        scope === "own" ? eq(companies.ownerId, user.id) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.id));
};

/**
 * Finance records (issue 18): those of the caller's agency, no more. The "own" scope of the finance
 * modules (created_by) is applied by row-level security on these tables, in the same transaction.
 */
function existingIn(table: typeof quotes | typeof invoices | typeof payments | typeof expenses): RecordViewer {
  return async (tx, { agencyId }, ids) => {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.agencyId, agencyId), inArray(table.id, ids)));
    return new Set(rows.map((row) => row.id));
  };
}

/**
 * Each record type's visibility rule, one line per type; a module that lands adds its own
 * (CRM: contact, deal; delivery: project, task…). A type without a line is visible to callers
 * whose scope on its module is "all", and to nobody with scope "own" (safe until the module says).
 */
export const RECORD_VIEWERS: Partial<Record<RecordType, RecordViewer>> = {
  company: visibleCompanies,
  quote: existingIn(quotes),
  invoice: existingIn(invoices),
  payment: existingIn(payments),
  expense: existingIn(expenses),
};
