import { sql } from "drizzle-orm";
import { addDays, addMonths, monthOf } from "#domain/calendar-date.ts";
import type { InvoiceStatus } from "#domain/schemas/finance.ts";
import { recordScopeOf } from "#server/auth/record-scope.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { type Database, queryRows, type Tx } from "#server/db/client.ts";
import { encodeInvoiceCursor } from "#server/features/finance/invoice-list-order.ts";
import type { TenantOptions } from "#server/db/tenant.ts";
import { agencyFacts, todayOf } from "#server/features/finance/finance-actor.ts";
import { financeOverview } from "#server/features/finance/finance-overview.ts";
import { type InvoiceFilters, listInvoices } from "#server/features/finance/list-invoices.ts";
import { listPayments, type PaymentFilters } from "#server/features/finance/list-payments.ts";
import { invoiceSearchSource } from "#server/features/finance/search-source.ts";
import { agencyManager, type PlanResult, planOf, tenantOf } from "./query-plans.ts";
import { recordStatements } from "./recorded-statements.ts";
import { financeBenchId } from "./scale-finance.ts";

/** Every finance plan is named "finance: …"; its bar is p95 ≤ 50 ms on PostgreSQL (issue 18). */
export const FINANCE_PLAN_PREFIX = "finance: ";
/** The list's page size (the web asks for the default). */
const PAGE = 50;
/** GET routes run read-only, as the server runs them. */
const READ: TenantOptions = { readOnly: true };

/** The manager of the large agency (bench agency 1): bulk user 1. */
export const largeAgencyManager = agencyManager;

type Request = (tx: Tx) => Promise<unknown>;

/** What the invoice list route runs in its tenant transaction: the agency's today, the record scope, the page. */
function invoiceList(user: SessionUser, filters: Partial<InvoiceFilters>): Request {
  const agencyId = user.agencyId as string;
  return async (tx) => {
    const today = todayOf(await agencyFacts(tx, agencyId), new Date());
    const ownerId = (await recordScopeOf(tx, user, "financeiro_faturas")) === "own" ? user.id : null;
    return listInvoices(tx, agencyId, { limit: PAGE, ...filters, today, ownerId });
  };
}

function paymentList(user: SessionUser, filters: Partial<PaymentFilters>): Request {
  const agencyId = user.agencyId as string;
  return async (tx) => {
    const ownerId = (await recordScopeOf(tx, user, "financeiro_pagamentos")) === "own" ? user.id : null;
    return listPayments(tx, agencyId, { limit: PAGE, ...filters, ownerId });
  };
}

/** The overview route: the agency's today, then every figure of the page for the period. */
function overview(user: SessionUser, months: number): Request {
  const agencyId = user.agencyId as string;
  return async (tx) => {
    const today = todayOf(await agencyFacts(tx, agencyId), new Date());
    const from = `${addMonths(monthOf(today), -(months - 1))}-01`;
    return financeOverview(tx, agencyId, { from, to: today, today });
  };
}

/** The invoices' source of the global search (Ctrl+K), with the search route's page size. */
function invoiceSearch(user: SessionUser, text: string): Request {
  return (tx) => invoiceSearchSource.search(tx, { user, agencyId: user.agencyId as string, scope: "all" }, text, 20);
}

/** The keyset cursor of the invoice at `offset` in the list's order (drafts, then highest number): a page deep in the list. */
async function cursorAt(database: Database, agencyId: string, offset: number): Promise<string> {
  const [row] = await queryRows<{ sort_number: number; created_at: string; id: string }>(
    database.owner,
    sql`select coalesce(number, 2147483647) as sort_number, created_at::text, id from invoices
        where agency_id = ${agencyId}
        order by coalesce(number, 2147483647) desc, created_at desc, id desc offset ${offset} limit 1`,
  );
  return encodeInvoiceCursor({ sortNumber: row.sort_number, createdAt: row.created_at, id: row.id });
}

async function invoiceCount(database: Database, agencyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.owner,
    sql`select count(*)::int as n from invoices where agency_id = ${agencyId}`,
  );
  return row.n;
}

/** The list's filters (spec: status, client, period, keyset pages), the search and the overview of the large agency. */
async function financeRequests(database: Database, user: SessionUser): Promise<[string, Request][]> {
  const agencyId = user.agencyId as string;
  const today = todayOf(await database.owner.transaction((tx) => agencyFacts(tx, agencyId)), new Date());
  const client = financeBenchId("company", 1, 7);
  const monthAgo = {
    from: `${addMonths(monthOf(today), -12)}-01`,
    to: addDays(`${addMonths(monthOf(today), -11)}-01`, -1),
  };
  const year = { from: `${addMonths(monthOf(today), -11)}-01`, to: today };
  const status = (value: InvoiceStatus): [string, Request] => [
    `invoices: status ${value}`,
    invoiceList(user, { status: value }),
  ];
  return [
    ["invoices: first page", invoiceList(user, {})],
    ["invoices: next page (keyset)", invoiceList(user, { cursor: await cursorAt(database, agencyId, PAGE - 1) })],
    [
      "invoices: a page halfway down (keyset)",
      invoiceList(user, {
        cursor: await cursorAt(database, agencyId, Math.floor((await invoiceCount(database, agencyId)) / 2)),
      }),
    ],
    status("vencida"),
    status("emitida"),
    status("parcialmente_paga"),
    status("paga"),
    status("cancelada"),
    status("rascunho"),
    ["invoices: client", invoiceList(user, { companyId: client })],
    ["invoices: issued in one month a year ago", invoiceList(user, monthAgo)],
    ["invoices: issued in the last 12 months", invoiceList(user, year)],
    ["invoices: client + status paga + 12 months", invoiceList(user, { companyId: client, status: "paga", ...year })],
    ["invoices: search by client name", invoiceSearch(user, "Clínica Maré")],
    ["invoices: search by a common word (one client in ten)", invoiceSearch(user, "Clínica")],
    ["invoices: search by number", invoiceSearch(user, "nº 12345")],
    ["payments: first page", paymentList(user, {})],
    ["payments: method boleto", paymentList(user, { method: "boleto" })],
    ["payments: paid in one month a year ago", paymentList(user, monthAgo)],
    ["payments: client", paymentList(user, { companyId: client })],
    ["overview: 12 months (all queries)", overview(user, 12)],
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement and p50/p95 of the whole request, as the large agency's manager. */
export async function measureFinancePlans(database: Database, runs: number): Promise<PlanResult[]> {
  const manager = largeAgencyManager();
  const results: PlanResult[] = [];
  for (const [name, request] of await financeRequests(database, manager)) {
    const statements = await recordStatements(database, tenantOf(manager), READ, request);
    results.push(await planOf(database, `${FINANCE_PLAN_PREFIX}${name}`, manager, statements, runs, request, READ));
  }
  return results;
}
