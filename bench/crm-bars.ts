import { type Bar, seqScanText } from "./bars.ts";
import { CRM_BOARD, CRM_PLAN_PREFIX, CRM_SEARCH } from "./crm-plans.ts";
import { cpuText } from "./http-load.ts";
import type { PlanResult } from "./query-plans.ts";
import type { BenchResults, DatabaseName } from "./run.ts";

// Issue 16's bars.
const SEARCH_P95_MS: Record<DatabaseName, number> = { postgres: 20, pglite: 50 };
const BOARD_P95_MS = 50;
const MOVE_RATIO = 0.03;
const IMPORT_MS: Record<DatabaseName, number> = { postgres: 60_000, pglite: 120_000 };
const LIST_P99_DURING_IMPORT_MS = 200;

const shortName = (plan: PlanResult) => plan.name.replace(CRM_PLAN_PREFIX, "");

/** The CRM plans of a database: from the plans phase, or the crm phase's own when that ran alone. */
function crmPlans(results: BenchResults, db: DatabaseName): PlanResult[] {
  const measured = results.queryPlans?.[db] ?? results.crm?.plans?.[db] ?? [];
  return measured.filter((plan) => plan.name.startsWith(CRM_PLAN_PREFIX));
}

function planBars(results: BenchResults, db: DatabaseName): Bar[] {
  const plans = crmPlans(results, db);
  if (!plans.length) return [];
  const load = results.crm?.plansLoadAverage?.[db];
  const at = load !== undefined ? `; load average ${load}` : "";
  const searches = plans.filter((plan) => plan.name.startsWith(CRM_SEARCH));
  const slowest = [...searches].sort((a, b) => b.p95Ms - a.p95Ms)[0];
  const over = searches.filter((plan) => plan.p95Ms > SEARCH_P95_MS[db]);
  const bars: Bar[] = [
    {
      bar: `crm: contact search by a fragment of name, e-mail or phone p95 ≤ ${SEARCH_P95_MS[db]} ms on ${db} (large agency)`,
      reached: `slowest ${slowest?.p95Ms} ms (${slowest && shortName(slowest)}); over: ${over.map(shortName).join("; ") || "none"}${at}`,
      pass: over.length === 0,
    },
  ];
  const board = plans.find((plan) => plan.name.startsWith(CRM_BOARD));
  if (db === "postgres" && board) {
    bars.push({
      bar: `crm: pipeline board first load (every column's first 50 cards, counts, totals) p95 ≤ ${BOARD_P95_MS} ms on postgres`,
      reached: `p95 ${board.p95Ms} ms, p50 ${board.p50Ms} ms${at}`,
      pass: board.p95Ms <= BOARD_P95_MS,
    });
  }
  if (!results.queryPlans) {
    const bad = plans.filter((plan) => !plan.ok);
    bars.push({
      bar: `crm: no sequential scan over a tenant table (${db})`,
      reached: seqScanText(bad),
      pass: bad.length === 0,
    });
  }
  return bars;
}

function loadBars(results: BenchResults): Bar[] {
  const crm = results.crm;
  const bars: Bar[] = [];
  if (crm?.moves) {
    const { moves, order, loadAverage } = crm.moves;
    const ratio = moves.ratioToBaseline ?? 0;
    bars.push({
      bar: `crm: moving a deal at ${moves.connections} connections ≥ ${MOVE_RATIO * 100}% of baseline rps on postgres, 0 errors, final order consistent`,
      reached: `${(ratio * 100).toFixed(2)}% (${moves.rps} rps against ${moves.baselineRps}), p99 ${moves.p99Ms} ms, ${moves.errors} errors; ${order.deals} deals (before ${order.dealsBefore}), ${order.duplicateKeys} stages with a shared key; CPU: ${cpuText(moves.cpuPerRequest, { postgres: true })}; load average ${loadAverage}`,
      pass: ratio >= MOVE_RATIO && moves.errors === 0 && order.consistent,
    });
  }
  for (const [db, result] of Object.entries(crm?.imports ?? {}) as [
    DatabaseName,
    NonNullable<typeof crm>["imports"]["postgres"],
  ][]) {
    if (!result) continue;
    bars.push({
      bar: `crm: CSV import of ${result.rows} contacts ≤ ${IMPORT_MS[db] / 1000} s on ${db}, tenant list p99 ≤ ${LIST_P99_DURING_IMPORT_MS} ms meanwhile`,
      reached: `${(result.ms / 1000).toFixed(1)} s (${result.status}: ${result.imported} imported, ${result.skipped} skipped, ${result.failed} failed); list ${result.list.path} at ${result.list.connections} connections: ${result.list.requests} requests, p95 ${result.list.p95Ms} ms, p99 ${result.list.p99Ms} ms, ${result.list.errors} errors; load average ${result.loadAverage}`,
      pass:
        result.status === "done" &&
        result.imported === result.rows &&
        result.ms <= IMPORT_MS[db] &&
        result.list.p99Ms <= LIST_P99_DURING_IMPORT_MS &&
        result.list.errors === 0,
    });
  }
  return bars;
}

/** The full contacts export as a figure (no bar is set for it): time, rows and the server's memory growth. */
function exportFigures(results: BenchResults): Bar[] {
  const exported = results.crm?.contactExport;
  if (!exported) return [];
  return [
    {
      bar: "crm (figure): CSV export of every contact of the large agency on postgres, streamed",
      reached: `${exported.seconds} s (first byte ${exported.firstByteMs} ms), ${exported.rows} rows of ${exported.expectedRows}, ${exported.megabytes} MB; server RSS ${exported.rssBeforeMb} MB before, peak growth ${exported.rssPeakGrowthMb} MB; load average ${exported.loadAverage}`,
      pass: null,
    },
  ];
}

/** Issue 16's CRM bars, each with what this run reached and the load average it ran at. */
export function crmBars(results: BenchResults): Bar[] {
  return [
    ...planBars(results, "postgres"),
    ...planBars(results, "pglite"),
    ...loadBars(results),
    ...exportFigures(results),
  ];
}
