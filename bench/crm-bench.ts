import os from "node:os";
import type { Database } from "#server/db/client.ts";
import { PORTS, type Scale } from "./config.ts";
import { type ExportResult, measureContactExport } from "./crm-export.ts";
import { type ImportResult, measureDealMoves, measureImport, type OrderCheck, removeImported } from "./crm-load.ts";
import { measureCrmPlans } from "./crm-plans.ts";
import { BASELINE_TARGET, type LoadResult } from "./http-load.ts";
import type { PlanResult } from "./query-plans.ts";
import type { DatabaseName } from "./run.ts";
import {
  ensurePostgresDatabase,
  type GenerationReport,
  generateScaleData,
  openPglite,
  openPostgres,
} from "./scale-data.ts";
import { startAppServer, startProcess, type Target } from "./server-process.ts";

/** The 1-minute load average when a figure was taken (the machine is shared). */
const loadNow = () => Math.round(os.loadavg()[0] * 100) / 100;

/** Issue 16's bars: searches and the board (plans), deal moves under load, a 100,000-row import; the full contacts export's figure. */
export type CrmResults = {
  generation?: Partial<Record<DatabaseName, GenerationReport>>;
  plans?: Partial<Record<DatabaseName, PlanResult[]>>;
  plansLoadAverage?: Partial<Record<DatabaseName, number>>;
  moves?: { baseline: LoadResult; moves: LoadResult; order: OrderCheck; loadAverage: number };
  imports: Partial<Record<DatabaseName, ImportResult & { loadAverage: number }>>;
  /** Every contact of the large agency exported as CSV (PostgreSQL; a figure, not a bar). */
  contactExport?: ExportResult & { loadAverage: number };
};

type Log = (message: string) => void;

/** BENCH_CRM_DATABASES (comma list of postgres, pglite) narrows the crm phase; both by default. */
function crmDatabases(): DatabaseName[] {
  const only = process.env.BENCH_CRM_DATABASES?.split(",").map((name) => name.trim());
  return (["postgres", "pglite"] as const).filter((name) => !only || only.includes(name));
}
type Databases = Record<DatabaseName, { target: Target; open: () => Promise<Database> }>;

async function withDatabase<T>(open: () => Promise<Database>, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  return fn(database).finally(() => database.close());
}

/** The agencies, users and CRM rows alone, on both databases (each part generated when missing). */
async function generateCrm(scale: Scale, url: string, pgliteDir: string, log: Log) {
  const fresh = process.env.BENCH_REUSE_DATA !== "1";
  const reports: Partial<Record<DatabaseName, GenerationReport>> = {};
  if (crmDatabases().includes("postgres")) {
    log(`CRM scale data on PostgreSQL (${fresh ? "fresh" : "reuse"})`);
    await ensurePostgresDatabase(url, fresh);
    reports.postgres = await withDatabase(
      () => openPostgres(url),
      (db) => generateScaleData(db, scale, pgliteDir, ["crm"]),
    );
  }
  if (crmDatabases().includes("pglite")) {
    log(`CRM scale data on PGlite (${fresh ? "fresh" : "reuse"})`);
    reports.pglite = await withDatabase(
      () => openPglite(pgliteDir, fresh),
      (db) => generateScaleData(db, scale, pgliteDir, ["crm"]),
    );
  }
  return reports;
}

/** Moves on PostgreSQL (paired with the baseline), then the import on the app of each database. */
async function crmLoad(scale: Scale, databases: Databases, results: CrmResults, log: Log): Promise<void> {
  const env = { PATH: process.env.PATH, PORT: String(PORTS.baseline), NODE_ENV: "production" };
  const baseline = await startProcess("bench/baseline-server.ts", env, PORTS.baseline);
  try {
    for (const name of crmDatabases()) {
      const server = await startAppServer(databases[name].target, PORTS.app);
      const stamp = Date.now().toString(36);
      try {
        if (name === "postgres") {
          log("deal moves under load (PostgreSQL)");
          const moves = await withDatabase(databases.postgres.open, (db) =>
            measureDealMoves({ url: server.url, appPid: server.pid }, baseline.url, BASELINE_TARGET, db, {
              seconds: scale.loadSeconds,
              warmupSeconds: scale.serverWarmupSeconds,
            }),
          );
          results.moves = { ...moves, loadAverage: loadNow() };
          log("CSV export of every contact of the large agency (PostgreSQL)");
          const exported = await withDatabase(databases.postgres.open, (db) => measureContactExport(server, db));
          results.contactExport = { ...exported, loadAverage: loadNow() };
        }
        log(`CSV import of ${scale.crm.importRows} contacts (${name})`);
        results.imports[name] = { ...(await measureImport(server.url, scale, stamp)), loadAverage: loadNow() };
      } finally {
        await server.stop();
      }
      await withDatabase(databases[name].open, (db) => removeImported(db, stamp));
    }
  } finally {
    await baseline.stop();
  }
}

/**
 * `BENCH_ONLY=crm`, or the crm phase of a full run: without the data phase, the agencies, users and
 * CRM rows alone; without the plans phase, the CRM plans; then the load bars.
 */
export async function crmBench(
  scale: Scale,
  url: string,
  pgliteDir: string,
  phases: { data: boolean; plans: boolean },
  log: Log,
): Promise<CrmResults> {
  const results: CrmResults = { imports: {} };
  if (!phases.data) results.generation = await generateCrm(scale, url, pgliteDir, log);
  const databases: Databases = {
    postgres: { target: { databaseUrl: url }, open: () => openPostgres(url) },
    pglite: { target: { dataDir: pgliteDir }, open: () => openPglite(pgliteDir, false) },
  };
  if (!phases.plans) {
    results.plans = {};
    results.plansLoadAverage = {};
    for (const name of crmDatabases()) {
      log(`CRM query plans on ${name}`);
      results.plans[name] = await withDatabase(databases[name].open, (db) => measureCrmPlans(db, scale.planRuns));
      results.plansLoadAverage[name] = loadNow();
    }
  }
  await crmLoad(scale, databases, results, log);
  return results;
}
