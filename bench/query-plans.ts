import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { AuditFilters } from "#domain/schemas/audit.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { type Database, queryRows, type Tx } from "#server/db/client.ts";
import { type TenantOptions, withTenant } from "#server/db/tenant.ts";
import { loadDashboardStats } from "#server/features/dashboard/dashboard-stats.ts";
import { auditLogsQuery } from "#server/features/audit/list-audit-logs.ts";
import { recordStatements } from "./recorded-statements.ts";
import { benchUuid } from "./scale-data.ts";
import { percentile } from "./stats.ts";

/** Tables under row-level security: a sequential scan over any of them fails the bench. */
const TENANT_TABLES = [
  "audit_logs",
  "customers",
  "projects",
  "leads",
  "tasks",
  "profiles",
  "agencies",
  "agency_settings",
  "agency_invites",
  "user_roles",
  "companies",
  "timeline_events",
  "pipelines",
  "pipeline_stages",
  "crm_custom_fields",
  "finance_settings",
  "invoice_counters",
  "recurring_invoice_schedules",
  "invoices",
  "invoice_items",
  "payments",
  "expense_categories",
  "expenses",
  "project_members",
  "task_assignees",
  "task_dependencies",
  "time_entries",
  "user_hourly_rates",
];
const MAX_OFFSET = 1000;

export type PlanResult = {
  name: string;
  /** "super admin", "agency manager", or the role of another user (delivery: a team member). */
  who: string;
  sql: string;
  plan: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  seqScans: string[];
  deepOffset: boolean;
  ok: boolean;
  /** The plan's own p95 bar in ms, when it has one (delivery). */
  barMs?: number;
};

const dialect = new PgDialect();

function superAdmin(): SessionUser {
  return { id: benchUuid("user", 2), agencyId: null, role: "super_admin", isSuperAdmin: true } as SessionUser;
}

export function agencyManager(): SessionUser {
  return {
    id: benchUuid("user", 1),
    agencyId: benchUuid("agency", 1),
    role: "agency_manager",
    isSuperAdmin: false,
  } as SessionUser;
}

/** The audit filters of spec §7, with values the generator is known to produce (user 5 is in agency 1). */
function auditFilters(): [string, Partial<AuditFilters>][] {
  const day = 86_400_000;
  const now = Date.now();
  return [
    ["no filter", {}],
    [
      "created_at range (one day, a week ago)",
      { from: new Date(now - 8 * day).toISOString(), to: new Date(now - 7 * day).toISOString() },
    ],
    ["action", { action: "update_role" }],
    ["resource_type", { resourceType: "agency_settings" }],
    ["user_id", { userId: benchUuid("user", 5) }],
    ["ip_address", { ipAddress: "10.0.5.1" }],
    ["free text (common word)", { search: "login" }],
    ["free text (rare)", { search: "Registro 12345" }],
    // Every bench user's e-mail is userN@bench.example.com: the author match covers the whole scope.
    ["free text (many e-mails)", { search: "bench.example.com" }],
  ];
}

export function tenantOf(user: SessionUser) {
  return { userId: user.id, agencyId: user.agencyId, isSuperAdmin: user.isSuperAdmin };
}

async function explain(database: Database, user: SessionUser, query: SQL, options: TenantOptions): Promise<string> {
  return withTenant(
    database,
    tenantOf(user),
    async (tx) => {
      const rows = await queryRows<Record<string, string>>(tx, sql`explain (analyze, buffers) ${query}`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    },
    options,
  );
}

/**
 * Tenant tables a plan scanned sequentially. A node marked "never executed" did not run (the
 * branch of a row policy for a narrower record scope, planned over an empty table).
 */
function seqScansIn(plan: string): string[] {
  const ran = plan
    .split("\n")
    .filter((line) => !line.includes("(never executed)"))
    .join("\n");
  return TENANT_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(ran));
}

function hasDeepOffset(text: string): boolean {
  return [...text.matchAll(/offset\s+(\d+)/gi)].some((match) => Number(match[1]) > MAX_OFFSET);
}

/** Stop timing a query after this long, whatever runs are left (a full-scan query can take seconds). */
const TIME_BUDGET_MS = 15_000;

/**
 * What a plan's figures time: work inside the request's tenant transaction, or (`whole`) a request
 * that opens its own transactions (the global search runs its sources side by side).
 */
export type Timed = ((tx: Tx) => Promise<unknown>) | { whole: () => Promise<unknown> };

/** Wall time of the timed work, up to `runs` times after one warm-up. */
async function timings(database: Database, user: SessionUser, runs: number, timed: Timed, options: TenantOptions) {
  const ms: number[] = [];
  const deadline = performance.now() + TIME_BUDGET_MS;
  const once =
    typeof timed === "function"
      ? (record: (elapsed: number) => void) =>
          withTenant(database, tenantOf(user), (tx) => timedCall(() => timed(tx), record), options)
      : (record: (elapsed: number) => void) => timedCall(timed.whole, record);
  await once(() => {});
  for (let i = 0; i < runs && performance.now() < deadline; i++) await once((elapsed) => ms.push(elapsed));
  return ms.sort((a, b) => a - b);
}

async function timedCall(fn: () => Promise<unknown>, record: (elapsed: number) => void): Promise<void> {
  const started = performance.now();
  await fn();
  record(performance.now() - started);
}

/** The plans of `queries` and the p50/p95 of `run`, which sends them, in the user's tenant transaction. */
export async function planOf(
  database: Database,
  name: string,
  user: SessionUser,
  queries: SQL[],
  runs: number,
  run: Timed,
  options: TenantOptions = {},
): Promise<PlanResult> {
  const texts = queries.map((query) => dialect.sqlToQuery(query));
  const plans: string[] = [];
  for (const query of queries) plans.push(await explain(database, user, query, options));
  const plan = plans.join("\n\n");
  const ms = await timings(database, user, runs, run, options);
  const seqScans = seqScansIn(plan);
  const deepOffset = texts.some((text) => hasDeepOffset(`${text.sql} ${text.params.join(" ")}`));
  return {
    name,
    who: user.isSuperAdmin ? "super admin" : user.role === "agency_manager" ? "agency manager" : user.role,
    sql: texts
      .map((text) => `${text.sql.replace(/\s+/g, " ").trim()} -- params: ${JSON.stringify(text.params)}`)
      .join("\n"),
    plan,
    runs: ms.length,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    seqScans,
    deepOffset,
    ok: seqScans.length === 0 && !deepOffset,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) and p50/p95 of every audit filter (both roles) and of the dashboard. */
export async function measureQueryPlans(database: Database, runs: number): Promise<PlanResult[]> {
  const results: PlanResult[] = [];
  for (const user of [superAdmin(), agencyManager()]) {
    for (const [name, filters] of auditFilters()) {
      const query = auditLogsQuery(user, filters as AuditFilters);
      results.push(await planOf(database, `audit: ${name}`, user, [query], runs, (tx) => queryRows(tx, query)));
    }
  }
  const manager = agencyManager();
  const dashboard = (tx: Tx) => loadDashboardStats(tx, manager, manager.agencyId as string, new Date());
  const statements = await recordStatements(database, tenantOf(manager), {}, dashboard);
  results.push(await planOf(database, "dashboard stats (all queries)", manager, statements, runs, dashboard));
  return results;
}
