import { DELIVERY_PLAN_PREFIX } from "./delivery-plans.ts";
import { crmBars } from "./crm-bars.ts";
import { FINANCE_PLAN_PREFIX } from "./finance-plans.ts";
import { SEARCH_PLAN_PREFIX } from "./platform-search.ts";
import type { PlanResult } from "./query-plans.ts";
import type { BenchResults, DatabaseName } from "./run.ts";

export type Bar = { bar: string; reached: string; pass: boolean | null };

const TENANT_LIST = "tenant list (agency manager)";
const ME = "GET /api/me (agency manager)";
/** Every page load reads /api/me (issue 14): on PostgreSQL at least what the tenant list must reach. */
const ME_RATIO = 0.05;
const AUDIT_P95_MS: Record<DatabaseName, number> = { postgres: 20, pglite: 50 };
const LIST_RATIO: Record<DatabaseName, number> = { postgres: 0.05, pglite: 0.015 };
/** Issue 18: the invoice list's filters and the overview of the large agency, the invoice PDF. */
const FINANCE_P95_MS = 50;
const PDF_P95_MS = 300;

function tenantListBars(results: BenchResults): Bar[] {
  const http = results.http;
  if (!http) return [];
  return (["postgres", "pglite"] as const).map((db) => {
    const list = http.apps[db].find((result) => result.name === TENANT_LIST);
    const ratio = list?.ratioToBaseline ?? 0;
    const p99Rule = db === "postgres" ? " with p99 ≤ 50 ms" : "";
    const pass =
      ratio >= LIST_RATIO[db] && (db !== "postgres" || (list?.p99Ms ?? Infinity) <= 50) && list?.errors === 0;
    return {
      bar: `tenant list on ${db} ≥ ${LIST_RATIO[db] * 100}% of baseline rps${p99Rule} at 50 connections, no errors`,
      reached: `${(ratio * 100).toFixed(2)}% (${list?.rps} rps), p99 ${list?.p99Ms} ms, ${list?.errors} errors`,
      pass,
    };
  });
}

function meBar(results: BenchResults): Bar[] {
  const me = results.http?.apps.postgres.find((result) => result.name === ME);
  if (!me) return [];
  const ratio = me.ratioToBaseline ?? 0;
  return [
    {
      bar: `GET /api/me on postgres ≥ ${ME_RATIO * 100}% of baseline rps at 50 connections, no errors`,
      reached: `${(ratio * 100).toFixed(2)}% (${me.rps} rps), p99 ${me.p99Ms} ms, ${me.errors} errors`,
      pass: ratio >= ME_RATIO && me.errors === 0,
    },
  ];
}

function authBars(results: BenchResults): Bar[] {
  if (!results.authQueries) return [];
  return Object.entries(results.authQueries).map(([db, count]) => ({
    bar: `authentication + permission ≤ 1 database round trip (${db})`,
    reached: `${count.cold.auth} on a session's first request, ${count.warm.auth} after (status ${count.status})`,
    pass: Math.max(count.cold.auth, count.warm.auth) <= 1 && count.status === 200,
  }));
}

export const seqScanText = (plans: PlanResult[]) =>
  plans.map((p) => `${p.who}/${p.name}: ${p.seqScans.join(",")}${p.deepOffset ? " deep offset" : ""}`).join("; ") ||
  "none";

function planBars(results: BenchResults): Bar[] {
  if (!results.queryPlans) return [];
  return (["postgres", "pglite"] as const).flatMap((db) => {
    const plans = results.queryPlans?.[db] ?? [];
    const audit = plans.filter((plan) => plan.name.startsWith("audit:"));
    const slowest = [...audit].sort((a, b) => b.p95Ms - a.p95Ms)[0];
    const over = audit.filter((plan) => plan.p95Ms > AUDIT_P95_MS[db]);
    const bad = plans.filter((plan) => !plan.ok);
    return [
      {
        bar: `every audit filter p95 ≤ ${AUDIT_P95_MS[db]} ms on ${db}`,
        reached: `slowest ${slowest?.p95Ms} ms (${slowest?.who}, ${slowest?.name}); over: ${over.map((p) => `${p.who}/${p.name.replace("audit: ", "")}`).join("; ") || "none"}`,
        pass: over.length === 0,
      },
      {
        bar: `no sequential scan over a tenant table, no OFFSET > 1000 (${db})`,
        reached: seqScanText(bad),
        pass: bad.length === 0,
      },
    ];
  });
}

/** The finance plans on PostgreSQL: from the plans phase, or the finance phase's own when that ran alone. */
function financeBars(results: BenchResults): Bar[] {
  const finance = results.finance;
  const measured = results.queryPlans?.postgres ?? finance?.plans ?? [];
  const plans = measured.filter((plan) => plan.name.startsWith(FINANCE_PLAN_PREFIX));
  const bars: Bar[] = [];
  if (plans.length > 0) {
    const slowest = [...plans].sort((a, b) => b.p95Ms - a.p95Ms)[0];
    const over = plans.filter((plan) => plan.p95Ms > FINANCE_P95_MS);
    bars.push({
      bar: `finance: every invoice list filter, search, payment list and the 12-month overview p95 ≤ ${FINANCE_P95_MS} ms on postgres (large agency)`,
      reached: `slowest ${slowest.p95Ms} ms (${slowest.name.replace(FINANCE_PLAN_PREFIX, "")}); over: ${over.map((p) => p.name.replace(FINANCE_PLAN_PREFIX, "")).join("; ") || "none"}`,
      pass: over.length === 0,
    });
    if (!results.queryPlans) {
      const bad = plans.filter((plan) => !plan.ok);
      bars.push({
        bar: "finance: no sequential scan over a tenant table (postgres)",
        reached: seqScanText(bad),
        pass: bad.length === 0,
      });
    }
  }
  if (finance?.pdf) {
    bars.push({
      bar: `finance: invoice PDF of the large agency p95 ≤ ${PDF_P95_MS} ms on postgres`,
      reached: `p95 ${finance.pdf.p95Ms} ms, p50 ${finance.pdf.p50Ms} ms (${finance.pdf.runs} runs, ${Math.round(finance.pdf.pdfBytes / 1024)} KB)`,
      pass: finance.pdf.p95Ms <= PDF_P95_MS,
    });
  }
  const numbering = finance?.numbering;
  if (numbering) {
    bars.push({
      bar: `finance: ${numbering.creations} concurrent invoice creations in one agency numbered exactly 1..${numbering.creations} (postgres)`,
      reached: `${numbering.created} created in ${numbering.ms} ms, ${numbering.duplicates} duplicates, missing ${numbering.missing.length ? numbering.missing.slice(0, 10).join(",") : "none"}, counter ${numbering.counter}, ${numbering.errors.length} errors`,
      pass: numbering.answeredExactly && numbering.storedExactly && numbering.counter === numbering.creations,
    });
  }
  return bars;
}

/** Issue 17: the timer under 50 connections at least this share of the paired baseline. */
const TIMER_RATIO = 0.03;

/** The delivery plans on PostgreSQL (each with its own p95 bar), the timer under load. */
function deliveryBars(results: BenchResults): Bar[] {
  const delivery = results.delivery;
  const measured = results.queryPlans?.postgres ?? delivery?.plans ?? [];
  const plans = measured.filter((plan) => plan.name.startsWith(DELIVERY_PLAN_PREFIX));
  const bars: Bar[] = plans.map((plan) => ({
    bar: `${plan.name} p95 ≤ ${plan.barMs} ms on postgres (large agency)`,
    reached: `p95 ${plan.p95Ms} ms, p50 ${plan.p50Ms} ms (${plan.runs} runs)`,
    pass: plan.p95Ms <= (plan.barMs ?? 0),
  }));
  if (plans.length > 0 && !results.queryPlans) {
    const bad = plans.filter((plan) => !plan.ok);
    bars.push({
      bar: "delivery: no sequential scan over a tenant table (postgres)",
      reached: seqScanText(bad),
      pass: bad.length === 0,
    });
  }
  const timer = delivery?.timer;
  if (timer) {
    const { distinct, contended } = timer;
    bars.push({
      bar: `delivery: timer start/stop at ${distinct.connections} connections ≥ ${TIMER_RATIO * 100}% of baseline rps, no errors (postgres)`,
      reached: `${((distinct.ratioToBaseline ?? 0) * 100).toFixed(2)}% (${distinct.rps} rps), p95 ${distinct.p95Ms} ms, ${distinct.errors} errors`,
      pass: (distinct.ratioToBaseline ?? 0) >= TIMER_RATIO && distinct.errors === 0,
    });
    bars.push({
      bar: "delivery: never two running timers for one user (database after each run, also with two devices racing)",
      reached: `${distinct.usersWithTwoRunning} + ${contended.usersWithTwoRunning} users with two; racing run answered ${contended.statusCodes["409"] ?? 0} × 409`,
      pass: distinct.usersWithTwoRunning === 0 && contended.usersWithTwoRunning === 0,
    });
  }
  return bars;
}

/** Issue 15: global search, notification fan-out across two servers, job throughput (PostgreSQL). */
const SEARCH_P95_MS = 30;
const FANOUT_P99_MS = 1_000;
const JOBS_DRAIN_MS = 30_000;

function platformBars(results: BenchResults): Bar[] {
  const { search, searchError, searchLoadAverage, fanout, jobs } = results.platform ?? {};
  const bars: Bar[] = [];
  if (searchError) {
    bars.push({ bar: "platform: global search within the route's 2 s limit", reached: searchError, pass: false });
  }
  if (search?.length) {
    const slowest = [...search].sort((a, b) => b.p95Ms - a.p95Ms)[0];
    bars.push({
      bar: `platform: global search p95 ≤ ${SEARCH_P95_MS} ms on postgres (agency 1, every source)`,
      reached: `slowest ${slowest.p95Ms} ms (${slowest.name.replace(SEARCH_PLAN_PREFIX, "")}), load ${searchLoadAverage?.join(" ")}`,
      pass: slowest.p95Ms <= SEARCH_P95_MS,
    });
  }
  if (fanout) {
    bars.push({
      bar: `platform: a change reaches ${fanout.clients} SSE clients on another server, p99 ≤ ${FANOUT_P99_MS} ms, none to another agency`,
      reached: `p50 ${fanout.p50Ms} ms, p99 ${fanout.p99Ms} ms, ${fanout.missed} missed, ${fanout.leakedToOtherAgency} to another agency, load ${fanout.loadAverage.join(" ")}`,
      pass: fanout.p99Ms <= FANOUT_P99_MS && fanout.missed === 0 && fanout.leakedToOtherAgency === 0,
    });
  }
  if (jobs) {
    bars.push({
      bar: `platform: ${jobs.jobs} trivial jobs drained by two servers in ≤ ${JOBS_DRAIN_MS / 1000} s, each run exactly once`,
      reached: `${jobs.drainMs} ms, ${jobs.runs} runs of ${jobs.distinctJobs} distinct jobs (per server ${jobs.perServer.join("/")}), load ${jobs.loadAverage.join(" ")}`,
      pass: jobs.drainMs <= JOBS_DRAIN_MS && jobs.runs === jobs.jobs && jobs.distinctJobs === jobs.jobs,
    });
  }
  return bars;
}

function webBars(results: BenchResults): Bar[] {
  const bars: Bar[] = (results.webSize ?? [])
    .filter((size) => size.budgetKb !== null)
    .map((size) => ({
      bar: `first-load JS of ${size.route} ≤ ${size.budgetKb} KB gzip`,
      reached: `${size.jsGzipKb} KB`,
      pass: size.withinBudget,
    }));
  for (const run of results.lighthouse ?? []) {
    bars.push({
      bar: `Lighthouse ${run.route}: performance ≥ 90, accessibility ≥ 95 (median run)`,
      reached: `performance ${run.performance} (runs: ${run.performanceRuns.join(", ")}), accessibility ${run.accessibility}`,
      pass: run.performance >= 90 && run.accessibility >= 95,
    });
  }
  return bars;
}

function startBars(results: BenchResults): Bar[] {
  const existing = results.startTimes?.find((start) => start.name.startsWith("PGlite, existing"));
  if (!existing) return [];
  return [
    {
      bar: "ready ≤ 2 s on an existing data dir",
      reached: `${existing.medianMs} ms (median)`,
      pass: existing.medianMs <= 2000,
    },
  ];
}

/** The bars of issue 7, issue 18's finance bars and issue 16's CRM bars, each with what this run reached. */
export function evaluateBars(results: BenchResults): Bar[] {
  return [
    ...tenantListBars(results),
    ...meBar(results),
    ...authBars(results),
    ...planBars(results),
    ...financeBars(results),
    ...deliveryBars(results),
    ...platformBars(results),
    ...crmBars(results),
    ...webBars(results),
    ...startBars(results),
  ];
}
