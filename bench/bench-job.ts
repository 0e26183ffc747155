import { sql } from "drizzle-orm";
import { defineJob } from "#server/jobs/job-handler.ts";

export const BENCH_JOB = "bench_trivial";
export const BENCH_JOB_TABLE = "bench_job_runs";

/** The trivial job of the throughput bar: records which server ran which job (each must run once). */
export const benchTrivialJob = defineJob<{ n: number }>({
  name: BENCH_JOB,
  maxAttempts: 1,
  async handler(deps, { payload }) {
    await deps.database.owner.execute(
      sql`insert into ${sql.identifier(BENCH_JOB_TABLE)} (n, pid) values (${payload.n}, ${process.pid})`,
    );
  },
});
