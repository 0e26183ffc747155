import os from "node:os";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "#server/db/client.ts";
import { registerTestJob } from "#server/jobs/job-handlers.ts";
import { BENCH_JOB, BENCH_JOB_TABLE, benchTrivialJob } from "./bench-job.ts";
import { PORTS } from "./config.ts";
import { serverEnv, startProcess } from "./server-process.ts";

const JOBS = 10_000;
const TIMEOUT_MS = 180_000;

export type JobThroughputResult = {
  jobs: number;
  drainMs: number;
  /** Rows the job wrote: exactly one per job when each ran once. */
  runs: number;
  distinctJobs: number;
  perServer: number[];
  loadAverage: number[];
};

const countRuns = async (database: Database) =>
  (
    await queryRows<{ n: number }>(
      database.owner,
      sql`select count(*)::int as n from ${sql.identifier(BENCH_JOB_TABLE)}`,
    )
  )[0].n;

/**
 * Two app servers (the production main with the bench's trivial job registered) on the bench
 * database; 10,000 jobs are enqueued through app_enqueue_job in one transaction, and the clock runs
 * from its commit until the last job has written its row. Then the rows are counted: every job
 * exactly once, and by which server.
 */
export async function measureJobThroughput(databaseUrl: string, database: Database): Promise<JobThroughputResult> {
  registerTestJob(benchTrivialJob);
  await database.owner.execute(sql`drop table if exists ${sql.identifier(BENCH_JOB_TABLE)}`);
  await database.owner.execute(
    sql`create table ${sql.identifier(BENCH_JOB_TABLE)} (n integer not null, pid integer not null)`,
  );
  const servers = await Promise.all(
    [PORTS.platformA, PORTS.platformB].map((port) =>
      startProcess("bench/job-server.ts", serverEnv({ databaseUrl }, port), port),
    ),
  );
  try {
    await database.owner.execute(
      sql`select app_enqueue_job(${BENCH_JOB}, jsonb_build_object('payload', jsonb_build_object('n', n),
                 'agencyId', null, 'ownerId', null, 'runId', null), null, null, 1)
            from generate_series(1, ${JOBS}) n`,
    );
    const started = performance.now();
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await countRuns(database)) < JOBS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // any second run would land now
    const [row] = await queryRows<{ runs: number; distinct_jobs: number }>(
      database.owner,
      sql`select count(*)::int as runs, count(distinct n)::int as distinct_jobs from ${sql.identifier(BENCH_JOB_TABLE)}`,
    );
    const perServer = await queryRows<{ n: number }>(
      database.owner,
      sql`select count(*)::int as n from ${sql.identifier(BENCH_JOB_TABLE)} group by pid order by n desc`,
    );
    return {
      jobs: JOBS,
      drainMs,
      runs: row.runs,
      distinctJobs: row.distinct_jobs,
      perServer: perServer.map((server) => server.n),
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.owner.execute(sql`drop table if exists ${sql.identifier(BENCH_JOB_TABLE)}`);
  }
}
