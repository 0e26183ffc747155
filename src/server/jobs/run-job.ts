import { eq, sql } from "drizzle-orm";
import { asPlatform } from "../db/as-platform.ts";
import type { Database } from "../db/client.ts";
import { jobRuns } from "../db/schema.ts";
import { withTenant } from "../db/tenant.ts";
import type { Deps } from "../deps.ts";
import { DEFAULT_MAX_ATTEMPTS, type JobDefinition, type JobEnvelope } from "./job-handler.ts";

async function updateRun(db: Database, runId: string | null, values: Partial<typeof jobRuns.$inferInsert>) {
  if (!runId) return;
  await asPlatform(db, (tx) =>
    tx
      .update(jobRuns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(jobRuns.id, runId)),
  );
}

const MAX_ERROR_LENGTH = 2_000;

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/**
 * Runs one attempt of a job, whichever queue delivered it: keeps its job_runs row up to date and
 * rethrows a failure so the queue retries it (or, on the last attempt, leaves it failed).
 */
export async function runJob(
  deps: Deps,
  definition: JobDefinition,
  envelope: JobEnvelope,
  attempt: number,
): Promise<void> {
  const db = deps.database;
  const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const { runId, agencyId, ownerId } = envelope;
  await updateRun(db, runId, { status: "running", attempts: attempt });
  try {
    await definition.handler(deps, {
      payload: envelope.payload,
      agencyId,
      ownerId,
      runId,
      attempt,
      maxAttempts,
      reportProgress: (done, total) => updateRun(db, runId, total === undefined ? { done } : { done, total }),
      tenant: (fn) => {
        if (!agencyId) throw new Error(`o job ${definition.name} não é de uma agência`);
        return withTenant(db, { userId: ownerId, agencyId, isSuperAdmin: false }, fn);
      },
    });
    await updateRun(db, runId, { status: "succeeded", finishedAt: sql`now()` as unknown as Date, lastError: null });
  } catch (error) {
    const final = attempt >= maxAttempts;
    deps.logger.warn({ err: error, job: definition.name, attempt, maxAttempts }, "job falhou");
    await updateRun(db, runId, {
      status: final ? "failed" : "retrying",
      lastError: errorText(error),
      ...(final ? { finishedAt: sql`now()` as unknown as Date } : {}),
    });
    throw error;
  }
}
