/** A running queue of jobs (graphile-worker on PostgreSQL, the embedded queue on PGlite). */
export type JobQueue = {
  start(): Promise<void>;
  /** Runs every job that is due now, then resolves (tests, and the embedded queue's own loop). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};
