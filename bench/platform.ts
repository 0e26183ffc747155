import os from "node:os";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#server/db/client.ts";
import {
  benchUuid,
  ensurePostgresDatabase,
  type GenerationReport,
  generateScaleData,
  openPostgres,
} from "./scale-data.ts";
import type { Scale } from "./config.ts";
import { type FanoutResult, measureFanout } from "./platform-fanout.ts";
import { type JobThroughputResult, measureJobThroughput } from "./platform-jobs.ts";
import { measureSearchPlans } from "./platform-search.ts";
import type { PlanResult } from "./query-plans.ts";

/** Issue 15's bars on PostgreSQL: global search, notification fan-out across servers, job throughput. */
export type PlatformResults = {
  generation?: GenerationReport;
  /** What the search ran over: agency 1's rows of each searched table. */
  searchedRows?: Record<string, number>;
  search?: PlanResult[];
  /** Why the search measurement stopped (a statement over the route's limit), when it did. */
  searchError?: string;
  searchLoadAverage?: number[];
  fanout?: FanoutResult;
  jobs?: JobThroughputResult;
};

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

const SEARCHED_TABLES = ["customers", "companies", "leads", "projects", "tasks", "quotes", "invoices"] as const;

export async function platform(
  scale: Scale,
  url: string,
  pgliteDir: string,
  generateData: boolean,
  log: (message: string) => void,
): Promise<PlatformResults> {
  const results: PlatformResults = {};
  if (generateData) {
    const fresh = process.env.BENCH_REUSE_DATA !== "1";
    log(`platform scale data on PostgreSQL (${fresh ? "fresh" : "reuse"})`);
    await ensurePostgresDatabase(url, fresh);
    const postgres = await openPostgres(url);
    results.generation = await generateScaleData(postgres, scale, pgliteDir).finally(() => postgres.close());
  }
  const database = await openPostgres(url);
  try {
    results.searchedRows = await searchedRows(database);
    log("global search");
    // A source over the route's 2 s statement limit fails the bar without stopping the other two.
    results.search = await measureSearchPlans(database, scale.planRuns).catch((error: Error) => {
      results.searchError = error.message.slice(0, 500);
      return [];
    });
    results.searchLoadAverage = loadAverage();
    log("notification fan-out across two servers");
    results.fanout = await measureFanout(url, database);
    log("job throughput with two servers");
    results.jobs = await measureJobThroughput(url, database);
  } finally {
    await database.close();
  }
  return results;
}

async function searchedRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SEARCHED_TABLES) {
    const [row] = await queryRows<{ n: number }>(
      database.owner,
      sql`select count(*)::int as n from ${sql.identifier(table)} where agency_id = ${benchUuid("agency", 1)}`,
    );
    counts[table] = row.n;
  }
  return counts;
}
