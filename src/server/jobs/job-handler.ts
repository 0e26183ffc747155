import type { Tx } from "../db/client.ts";
import type { Deps } from "../deps.ts";

/** What a job handler receives besides the dependencies. */
export type JobContext<P> = {
  payload: P;
  /** The agency the job works for; null for platform jobs (outbox, housekeeping, recurring sweeps). */
  agencyId: string | null;
  /** Who enqueued it (reads its progress); null for platform jobs. */
  ownerId: string | null;
  /** This run's job_runs row, when the job has an agency. */
  runId: string | null;
  /** 1 on the first run, then 2, 3… up to maxAttempts. */
  attempt: number;
  maxAttempts: number;
  /** Saves progress for the owner's progress bar (job_runs.done/total). */
  reportProgress(done: number, total?: number | null): Promise<void>;
  /** Runs fn as the owner inside the agency (row-level security and record scope apply). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
};

/** Throws to be retried (with backoff) until its last attempt, which leaves the job failed with the error. */
export type JobHandler<P = unknown> = (deps: Deps, context: JobContext<P>) => Promise<void>;

export type JobDefinition<P = unknown> = {
  name: string;
  handler: JobHandler<P>;
  /** Attempts before the job is marked failed (default 10). */
  maxAttempts?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 10;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition {
  return definition as unknown as JobDefinition;
}

/** What every queued job carries: the caller's payload and who it is for. */
export type JobEnvelope = {
  payload: unknown;
  agencyId: string | null;
  ownerId: string | null;
  runId: string | null;
};
