import type { Module } from "#domain/modules.ts";
import { contactListQuerySchema, dealListQuerySchema } from "#domain/schemas/crm.ts";
import { recordScopeOf } from "#server/auth/record-scope.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import type { Database, Tx } from "#server/db/client.ts";
import type { TenantOptions } from "#server/db/tenant.ts";
import type { CrmContext } from "#server/features/crm/crm-context.ts";
import { listContacts } from "#server/features/crm/list-contacts.ts";
import { loadBoard } from "#server/features/crm/load-board.ts";
import { agencyManager, type PlanResult, planOf, tenantOf } from "./query-plans.ts";
import { recordStatements } from "./recorded-statements.ts";

/** Every CRM plan is named "crm: …"; searches "crm: search …", the board "crm: board …" (issue 16's bars). */
export const CRM_PLAN_PREFIX = "crm: ";
export const CRM_SEARCH = `${CRM_PLAN_PREFIX}search`;
export const CRM_BOARD = `${CRM_PLAN_PREFIX}board`;
const READ: TenantOptions = { readOnly: true };

type Request = (tx: Tx) => Promise<unknown>;

/** What a CRM route runs in its tenant transaction: the caller's record scope, then the feature function. */
function asRoute(user: SessionUser, module: Module, fn: (tx: Tx, ctx: CrmContext) => Promise<unknown>): Request {
  const agencyId = user.agencyId as string;
  return async (tx) => {
    const scope = await recordScopeOf(tx, user, module);
    return fn(tx, { agencyId, user, scope, actor: { userId: user.id, agencyId } } as CrmContext);
  };
}

const contactSearch = (user: SessionUser, q: string): Request =>
  asRoute(user, "crm_contatos", (tx, ctx) => listContacts(tx, ctx, contactListQuerySchema.parse({ q })));

/**
 * The large agency's contact search (the list's first page of 50, newest first) by fragments the
 * generator is known to produce: a surname one contact in 30 has, a rare name, the start of an
 * e-mail, one in a few hundred (which a walk of the sort's index, taken for a common fragment, read
 * slowly), a phone fragment typed with a mask, and the board's first load.
 */
function crmRequests(user: SessionUser): [string, Request][] {
  return [
    ["search: common surname (souza)", contactSearch(user, "Souza")],
    ["search: full name, accents dropped (Otavio Gomes Lopes)", contactSearch(user, "Otavio Gomes Lopes")],
    ["search: e-mail start (mariana.lima12)", contactSearch(user, "mariana.lima12")],
    ["search: e-mail domain (hotmail)", contactSearch(user, "hotmail")],
    ["search: a few hundred matches (pereira3)", contactSearch(user, "pereira3")],
    ["search: phone fragment with mask (98765-4)", contactSearch(user, "98765-4")],
    ["search: no match (zzqx)", contactSearch(user, "zzqx")],
    [
      "board: first load (every column's first 50 cards, counts, totals)",
      asRoute(user, "crm_pipelines", (tx, ctx) => loadBoard(tx, ctx, dealListQuerySchema.parse({}))),
    ],
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement and p50/p95 of the whole request, as the large agency's manager. */
export async function measureCrmPlans(database: Database, runs: number): Promise<PlanResult[]> {
  const manager = agencyManager();
  const results: PlanResult[] = [];
  for (const [name, request] of crmRequests(manager)) {
    const statements = await recordStatements(database, tenantOf(manager), READ, request);
    results.push(await planOf(database, `${CRM_PLAN_PREFIX}${name}`, manager, statements, runs, request, READ));
  }
  return results;
}
