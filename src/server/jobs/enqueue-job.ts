import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { jobRuns } from "../db/schema.ts";
import { DEFAULT_MAX_ATTEMPTS, type JobEnvelope } from "./job-handler.ts";
import { jobDefinitionOf } from "./job-handlers.ts";

export type EnqueueJob = {
  /** A name listed in JOB_HANDLERS. */
  name: string;
  payload?: unknown;
  /** The agency the job works for; null only for platform jobs. */
  agencyId: string | null;
  /** Who may read its progress (GET /api/jobs/:id); defaults to nobody. */
  ownerId?: string | null;
  /** Not before this instant. */
  runAt?: Date;
  /** At most one waiting job per key: enqueueing again replaces the waiting one. */
  jobKey?: string;
};

/**
 * Queues a job in the caller's transaction: it exists if and only if the transaction commits.
 * With an agency it also gets a job_runs row for its progress; returns that row's id (else null).
 */
export async function enqueueJob(tx: Queryable, job: EnqueueJob): Promise<string | null> {
  const definition = jobDefinitionOf(job.name);
  if (!definition) throw new Error(`job desconhecido: ${job.name}`);
  const runId = job.agencyId ? crypto.randomUUID() : null;
  if (runId && job.agencyId) {
    await tx
      .insert(jobRuns)
      .values({ id: runId, agencyId: job.agencyId, ownerId: job.ownerId ?? null, name: job.name });
  }
  const envelope: JobEnvelope = {
    payload: job.payload ?? null,
    agencyId: job.agencyId,
    ownerId: job.ownerId ?? null,
    runId,
  };
  await tx.execute(
    sql`select app_enqueue_job(${job.name}, ${JSON.stringify(envelope)}::jsonb, ${job.runAt?.toISOString() ?? null}::timestamptz, ${job.jobKey ?? null}::text, ${definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::integer)`,
  );
  return runId;
}
