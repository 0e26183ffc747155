import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AuthQueryCount, countAuthQueries } from "./auth-queries.ts";
import { evaluateBars } from "./bars.ts";
import { benchDatabaseUrl, benchPgliteDir, benchScale, BENCH_MANAGER_EMAIL, PORTS, RESULTS_DIR } from "./config.ts";
import { type DeliveryResults, measureDeliveryPlans } from "./delivery-plans.ts";
import { crmBench, type CrmResults } from "./crm-bench.ts";
import { measureCrmPlans } from "./crm-plans.ts";
import { measureFinancePlans } from "./finance-plans.ts";
import { measureTimerLoad } from "./timer-load.ts";
import {
  appTargets,
  BASELINE_TARGET,
  type LoadResult,
  type LoadTarget,
  measureLoad,
  signIn,
  warmUpServer,
} from "./http-load.ts";
import { BARE_LIST_TARGET, startBareListServer } from "./bare-list.ts";
import { measureConcurrentNumbering, type NumberingResult } from "./invoice-numbering.ts";
import { measureInvoicePdf, type PdfTiming } from "./invoice-pdf.ts";
import { type LighthouseResult, measureLighthouse } from "./lighthouse.ts";
import { type PlatformResults, platform } from "./platform.ts";
import { measureQueryPlans, type PlanResult } from "./query-plans.ts";
import type { Database } from "#server/db/client.ts";
import {
  ensurePostgresDatabase,
  type GenerationReport,
  generateScaleData,
  openPglite,
  openPostgres,
} from "./scale-data.ts";
import { type RunningServer, startAppServer, startProcess, type Target } from "./server-process.ts";
import { measureStartTimes, type StartResult } from "./start-time.ts";
import { writeResults } from "./results-file.ts";
import { printTable } from "./table.ts";
import { buildWeb, measureWebSize, type RouteSize } from "./web-size.ts";

export type DatabaseName = "postgres" | "pglite";

/** The finance bars (issue 18) on PostgreSQL; data and plans only when the data and plans phases did not run. */
export type FinanceResults = {
  generation?: GenerationReport;
  plans?: PlanResult[];
  pdf?: PdfTiming;
  numbering?: NumberingResult;
};

export type BenchResults = {
  startedAt: string;
  scale: ReturnType<typeof benchScale>;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverage: number[] };
  webSize?: RouteSize[];
  generation?: Record<DatabaseName, GenerationReport>;
  queryPlans?: Record<DatabaseName, PlanResult[]>;
  authQueries?: Record<DatabaseName, AuthQueryCount>;
  http?: { baseline: LoadResult[]; baselineRps: number; apps: Record<DatabaseName, LoadResult[]> };
  startTimes?: StartResult[];
  lighthouse?: LighthouseResult[];
  finance?: FinanceResults;
  delivery?: DeliveryResults;
  platform?: PlatformResults;
  crm?: CrmResults;
  bars?: ReturnType<typeof evaluateBars>;
};

const PHASES = [
  "web",
  "data",
  "plans",
  "finance",
  "delivery",
  "crm",
  "platform",
  "auth",
  "http",
  "start",
  "lighthouse",
] as const;
type Phase = (typeof PHASES)[number];

function selectedPhases(): Set<Phase> {
  const only = process.env.BENCH_ONLY?.split(",").map((phase) => phase.trim());
  return new Set(only ? PHASES.filter((phase) => only.includes(phase)) : PHASES);
}

function log(message: string): void {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

type Scale = ReturnType<typeof benchScale>;

/** A load result with its ratio to the baseline measured just before it (the machine is shared and noisy). */
function withRatio(result: LoadResult, baseline: LoadResult): LoadResult {
  return {
    ...result,
    baselineRps: baseline.rps,
    ratioToBaseline: Math.round((result.rps / baseline.rps) * 10_000) / 10_000,
  };
}

/** BENCH_HTTP_TARGETS (a comma list of words of the targets' names) narrows the HTTP load to those. */
function selected(targets: LoadTarget[]): LoadTarget[] {
  const words = process.env.BENCH_HTTP_TARGETS?.split(",").map((word) => word.trim().toLowerCase());
  if (!words?.length) return targets;
  return targets.filter((target) => words.some((word) => target.name.toLowerCase().includes(word)));
}

async function loadApp(
  target: Target,
  baselineUrl: string,
  scale: Scale,
  baselines: LoadResult[],
): Promise<LoadResult[]> {
  const server = await startAppServer(target, PORTS.app);
  try {
    const results: LoadResult[] = [];
    const targets = selected(await appTargets(server.url, scale));
    await warmUpServer(server.url, targets, scale.serverWarmupSeconds);
    for (const loadTarget of targets) {
      log(`  load ${loadTarget.name}`);
      results.push(await pairedWithBaseline(server, loadTarget, baselineUrl, scale, baselines));
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** One load run of `target` (with the CPU a request of its server), and the baseline run just before it. */
async function pairedWithBaseline(
  server: RunningServer,
  target: LoadTarget,
  baselineUrl: string,
  scale: Scale,
  baselines: LoadResult[],
): Promise<LoadResult> {
  const baseline = await measureLoad(baselineUrl, BASELINE_TARGET, scale.loadSeconds);
  baselines.push(baseline);
  return withRatio(await measureLoad(server.url, target, scale.loadSeconds, { appPid: server.pid }), baseline);
}

/** The tenant list's statements behind a bare Hono (bare-list.ts), when the tenant list is loaded. */
async function loadBareList(target: Target, baselineUrl: string, scale: Scale, baselines: LoadResult[]) {
  if (!("databaseUrl" in target) || selected([BARE_LIST_TARGET]).length === 0) return [];
  log(`  load ${BARE_LIST_TARGET.name}`);
  const server = await startBareListServer(target.databaseUrl);
  try {
    await warmUpServer(server.url, [BARE_LIST_TARGET], scale.serverWarmupSeconds);
    return [await pairedWithBaseline(server, BARE_LIST_TARGET, baselineUrl, scale, baselines)];
  } finally {
    await server.stop();
  }
}

/** The baseline server runs throughout; each app run is paired with a baseline run just before it. */
async function measureHttp(targets: Record<DatabaseName, Target>, scale: Scale) {
  const env = { PATH: process.env.PATH, PORT: String(PORTS.baseline), NODE_ENV: "production" };
  const baselineServer = await startProcess("bench/baseline-server.ts", env, PORTS.baseline);
  try {
    const baseline: LoadResult[] = [];
    const apps = {} as Record<DatabaseName, LoadResult[]>;
    for (const name of ["postgres", "pglite"] as const) {
      log(`load app on ${name}`);
      apps[name] = [
        ...(await loadApp(targets[name], baselineServer.url, scale, baseline)),
        ...(await loadBareList(targets[name], baselineServer.url, scale, baseline)),
      ];
    }
    const baselineRps = Math.round(baseline.reduce((sum, result) => sum + result.rps, 0) / baseline.length);
    return { baseline, baselineRps, apps };
  } finally {
    await baselineServer.stop();
  }
}

async function generate(scale: Scale, url: string, pgliteDir: string) {
  const fresh = process.env.BENCH_REUSE_DATA !== "1";
  log(`scale data on PostgreSQL (${fresh ? "fresh" : "reuse"})`);
  await ensurePostgresDatabase(url, fresh);
  const postgres = await openPostgres(url);
  const pgReport = await generateScaleData(postgres, scale, pgliteDir).finally(() => postgres.close());
  log(`scale data on PGlite (${fresh ? "fresh" : "reuse"})`);
  const pglite = await openPglite(pgliteDir, fresh);
  const pgliteReport = await generateScaleData(pglite, scale, pgliteDir).finally(() => pglite.close());
  return { postgres: pgReport, pglite: pgliteReport };
}

/** Audit, dashboard, finance and CRM plans of one database. */
async function plansOf(database: Database, scale: Scale): Promise<PlanResult[]> {
  return [
    ...(await measureQueryPlans(database, scale.planRuns)),
    ...(await measureFinancePlans(database, scale.planRuns)),
    ...(await measureDeliveryPlans(database, scale)),
    ...(await measureCrmPlans(database, scale.planRuns)),
  ];
}

async function plans(scale: Scale, url: string, pgliteDir: string) {
  log("query plans on PostgreSQL");
  const postgres = await openPostgres(url);
  const pgPlans = await plansOf(postgres, scale).finally(() => postgres.close());
  log("query plans on PGlite");
  const pglite = await openPglite(pgliteDir, false);
  const pglitePlans = await plansOf(pglite, scale).finally(() => pglite.close());
  return { postgres: pgPlans, pglite: pglitePlans };
}

/**
 * The finance bars on PostgreSQL: the invoice PDF and 200 concurrent creations; without the data
 * phase, the agencies, users and finance rows alone (each generated when missing), and without the
 * plans phase, the finance plans.
 */
async function finance(scale: Scale, url: string, pgliteDir: string, phases: Set<Phase>): Promise<FinanceResults> {
  const results: FinanceResults = {};
  if (!phases.has("data")) {
    const fresh = process.env.BENCH_REUSE_DATA !== "1";
    log(`finance scale data on PostgreSQL (${fresh ? "fresh" : "reuse"})`);
    await ensurePostgresDatabase(url, fresh);
    const postgres = await openPostgres(url);
    results.generation = await generateScaleData(postgres, scale, pgliteDir, ["finance"]).finally(() =>
      postgres.close(),
    );
  }
  const postgres = await openPostgres(url);
  try {
    if (!phases.has("plans")) {
      log("finance query plans on PostgreSQL");
      results.plans = await measureFinancePlans(postgres, scale.planRuns);
    }
    log("invoice PDF");
    results.pdf = await measureInvoicePdf(postgres);
  } finally {
    await postgres.close();
  }
  log("200 concurrent invoice creations");
  results.numbering = await measureConcurrentNumbering(url);
  return results;
}

/**
 * The delivery bars on PostgreSQL: without the data phase, the agencies, users and delivery rows
 * alone (each generated when missing); without the plans phase, the delivery plans; then the
 * timer under load.
 */
async function delivery(scale: Scale, url: string, pgliteDir: string, phases: Set<Phase>): Promise<DeliveryResults> {
  const results: DeliveryResults = {};
  if (!phases.has("data")) {
    const fresh = process.env.BENCH_REUSE_DATA !== "1";
    log(`delivery scale data on PostgreSQL (${fresh ? "fresh" : "reuse"})`);
    await ensurePostgresDatabase(url, fresh);
    const postgres = await openPostgres(url);
    results.generation = await generateScaleData(postgres, scale, pgliteDir, ["delivery"]).finally(() =>
      postgres.close(),
    );
  }
  if (!phases.has("plans")) {
    log("delivery query plans on PostgreSQL");
    const postgres = await openPostgres(url);
    results.plans = await measureDeliveryPlans(postgres, scale).finally(() => postgres.close());
  }
  log("timer start/stop under load");
  results.timer = await measureTimerLoad({ databaseUrl: url }, scale);
  return results;
}

async function lighthouse(url: string): Promise<LighthouseResult[]> {
  const server = await startAppServer({ databaseUrl: url }, PORTS.lighthouse);
  try {
    return await measureLighthouse(server.url, await signIn(server.url, BENCH_MANAGER_EMAIL));
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const phases = selectedPhases();
  const scale = benchScale();
  const url = benchDatabaseUrl(scale);
  const pgliteDir = benchPgliteDir(scale);
  const targets: Record<DatabaseName, Target> = { postgres: { databaseUrl: url }, pglite: { dataDir: pgliteDir } };
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    scale,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
  };
  log(`scale ${scale.name}, phases: ${[...phases].join(", ")}`);

  if (phases.has("web") || phases.has("lighthouse")) {
    log("vite build");
    buildWeb();
    results.webSize = measureWebSize();
  }
  if (phases.has("data")) results.generation = await generate(scale, url, pgliteDir);
  if (phases.has("plans")) results.queryPlans = await plans(scale, url, pgliteDir);
  if (phases.has("finance")) results.finance = await finance(scale, url, pgliteDir, phases);
  if (phases.has("delivery")) results.delivery = await delivery(scale, url, pgliteDir, phases);
  if (phases.has("platform")) {
    results.platform = await platform(scale, url, pgliteDir, !phases.has("data") && !phases.has("finance"), log);
  }
  if (phases.has("crm"))
    results.crm = await crmBench(scale, url, pgliteDir, { data: phases.has("data"), plans: phases.has("plans") }, log);
  if (phases.has("auth")) {
    log("queries per authenticated request");
    results.authQueries = {
      postgres: await countAuthQueries(targets.postgres),
      pglite: await countAuthQueries(targets.pglite),
    };
  }
  if (phases.has("http")) results.http = await measureHttp(targets, scale);
  if (phases.has("start")) {
    log("start times");
    results.startTimes = await measureStartTimes(pgliteDir, url);
  }
  if (phases.has("lighthouse")) {
    log("lighthouse");
    results.lighthouse = await lighthouse(url);
  }
  results.bars = evaluateBars(results);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file =
    process.env.BENCH_RESULTS_FILE ??
    path.join(RESULTS_DIR, phases.size === PHASES.length && scale.name === "full" ? "latest.json" : "partial.tmp");
  const plansFile = writeResults(file, results);
  printTable(results);
  console.log(
    `\nresults: ${path.relative(process.cwd(), file)} (query plans: ${path.relative(process.cwd(), plansFile)})`,
  );
  if (results.webSize?.some((size) => !size.withinBudget)) {
    console.error("first-load JS over budget");
    process.exit(1);
  }
}

await main();
// pg pools and PGlite handles are closed; anything left (autocannon timers) must not keep the run alive.
process.exit(0);
