import type { Database, Tx } from "#server/db/client.ts";
import { type TenantOptions, withTenant } from "#server/db/tenant.ts";
import { searchRecords, type TenantRunner } from "#server/search/search-records.ts";
import { agencyManager, type PlanResult, planOf, tenantOf } from "./query-plans.ts";
import { recordStatements } from "./recorded-statements.ts";

/** Every global-search plan is named "search: …"; its bar is p95 ≤ 30 ms on PostgreSQL (issue 15). */
export const SEARCH_PLAN_PREFIX = "search: ";
/** The route's default page (GET /api/search). */
const LIMIT = 20;
const READ: TenantOptions = { readOnly: true, statementTimeoutMs: 2_000 };

/**
 * Fragments a person types in Ctrl+K, against what scale-data.ts generates for agency 1 (contacts
 * "Cliente n", deals "Lead n", projects "Projeto n", tasks "Tarefa n" / "Tarefa grande n", invoice
 * clients "Clínica …"): a rare fragment, a word nearly every row has, accents and case left out.
 */
const FRAGMENTS: [string, string][] = [
  ["a number fragment (few rows)", "12345"],
  ["a word every task has", "tarefa"],
  ["a word one client in ten has, no accent", "clinica"],
  ["a contact by name", "Cliente 1000"],
  ["a project by name", "projeto 50"],
  ["two letters", "ta"],
];

/** The sources' work on one transaction, one after another (a connection runs one statement at a time). */
function oneAtATime(tx: Tx): TenantRunner {
  let previous: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const next = previous.then(() => fn(tx));
    previous = next.catch(() => {});
    return next;
  };
}

/**
 * The global search as GET /api/search runs it for agency 1's manager: every source, merged by
 * rank. Each statement is EXPLAINed; the time is the whole search's, transactions included.
 */
export async function measureSearchPlans(database: Database, runs: number): Promise<PlanResult[]> {
  const manager = agencyManager();
  const results: PlanResult[] = [];
  for (const [name, text] of FRAGMENTS) {
    const search = (run: TenantRunner) =>
      searchRecords(run, manager, manager.agencyId as string, text, { limit: LIMIT });
    const inOneTransaction = (tx: Tx) => search(oneAtATime(tx));
    const statements = await recordStatements(database, tenantOf(manager), READ, inOneTransaction);
    // Timed as the route runs it: the sources side by side, each in a transaction of its own.
    const whole = () => search((fn) => withTenant(database, tenantOf(manager), fn, READ));
    results.push(
      await planOf(database, `${SEARCH_PLAN_PREFIX}${name} "${text}"`, manager, statements, runs, { whole }, READ),
    );
  }
  return results;
}
