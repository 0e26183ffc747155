import { and, eq } from "drizzle-orm";
import type { JobRun } from "#domain/schemas/jobs.ts";
import type { Tx } from "../../db/client.ts";
import { jobRuns } from "../../db/schema.ts";

/** The caller's own job (row-level security shows only the owner's), or null. */
export async function getJobRun(tx: Tx, agencyId: string, userId: string, runId: string): Promise<JobRun | null> {
  const [row] = await tx
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.agencyId, agencyId), eq(jobRuns.ownerId, userId), eq(jobRuns.id, runId)));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    done: row.done,
    total: row.total,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
