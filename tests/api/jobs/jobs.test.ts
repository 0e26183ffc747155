import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobRun } from "#domain/schemas/jobs.ts";
import type { Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { enqueueJob } from "#server/jobs/enqueue-job.ts";
import { defineJob } from "#server/jobs/job-handler.ts";
import { registerTestJob } from "#server/jobs/job-handlers.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { duePeriods, enqueueDueRecurringJobs } from "#server/jobs/recurring-jobs.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Background jobs on the test's database: graphile-worker on PostgreSQL, the embedded queue on PGlite.
let t: TestApp;
let queue: JobQueue;
let agencyId: string;
let owner: { id: string; cookie: string };
let colleague: { id: string; cookie: string };
const runs: Array<{ name: string; payload: unknown; attempt: number; agencyId: string | null }> = [];
let failuresLeft = 0;

registerTestJob(
  defineJob<{ n: number }>({
    name: "test_count",
    async handler(_deps, { payload, agencyId, attempt, reportProgress, tenant }) {
      runs.push({ name: "test_count", payload, attempt, agencyId });
      await reportProgress(1, 2);
      if (agencyId) await tenant((tx) => tx.execute(sql`select 1`));
      await reportProgress(2);
    },
  }),
);
registerTestJob(
  defineJob({
    name: "test_flaky",
    maxAttempts: 2,
    async handler(_deps, { attempt }) {
      runs.push({ name: "test_flaky", payload: null, attempt, agencyId: null });
      if (failuresLeft-- > 0) throw new Error("falha provocada");
    },
  }),
);
registerTestJob(
  defineJob({
    name: "test_broken",
    maxAttempts: 1,
    async handler() {
      throw new Error("sempre falha");
    },
  }),
);

const asOwner = <T>(fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.database, { userId: owner.id, agencyId, isSuperAdmin: false }, fn);

const progressOf = async (runId: string, cookie = owner.cookie) => {
  const response = await t.request(`/api/jobs/${runId}`, { cookie });
  return { status: response.status, body: (await response.json()) as JobRun };
};

beforeAll(async () => {
  t = await createTestApp();
  queue = createJobQueue(t.deps);
  agencyId = (await createAgency(t.database.owner, { name: "Agência Jobs" })).id;
  owner = await signedInAs(t, "dono@jobs.com", "agency_manager", agencyId);
  colleague = await signedInAs(t, "colega@jobs.com", "agency_manager", agencyId);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe("enqueueJob", () => {
  it("queues a job only when the caller's transaction commits", async () => {
    runs.length = 0;
    await asOwner(async (tx) => {
      await enqueueJob(tx, { name: "test_count", payload: { n: 1 }, agencyId, ownerId: owner.id });
      await tx.execute(sql`select 1`);
    });
    await expect(
      asOwner(async (tx) => {
        await enqueueJob(tx, { name: "test_count", payload: { n: 2 }, agencyId, ownerId: owner.id });
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    await queue.drain();
    expect(runs).toEqual([{ name: "test_count", payload: { n: 1 }, attempt: 1, agencyId }]);
    await queue.drain();
    expect(runs).toHaveLength(1);
  });

  it("refuses a job name no handler knows", async () => {
    await expect(asOwner((tx) => enqueueJob(tx, { name: "nao_existe", agencyId }))).rejects.toThrow(/desconhecido/);
  });

  it("lets the owner, and only the owner, read the progress", async () => {
    const runId = await asOwner((tx) =>
      enqueueJob(tx, { name: "test_count", payload: { n: 3 }, agencyId, ownerId: owner.id }),
    );
    expect((await progressOf(runId as string)).body).toMatchObject({ status: "queued", done: 0, total: null });
    await queue.drain();
    const { status, body } = await progressOf(runId as string);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "test_count", status: "succeeded", done: 2, total: 2, attempts: 1 });
    expect(body.finishedAt).not.toBeNull();
    expect((await progressOf(runId as string, colleague.cookie)).status).toBe(404);
    expect((await progressOf("not-a-uuid")).status).toBe(404);
  });

  it("keeps one waiting job per job key", async () => {
    runs.length = 0;
    for (const n of [1, 2, 3]) {
      await asOwner((tx) => enqueueJob(tx, { name: "test_count", payload: { n }, agencyId, jobKey: "same-key" }));
    }
    await queue.drain();
    expect(runs.map((run) => run.payload)).toEqual([{ n: 3 }]);
  });
});

describe("failures", () => {
  it("marks a job that throws on its last attempt failed, with its error", async () => {
    const runId = await asOwner((tx) => enqueueJob(tx, { name: "test_broken", agencyId, ownerId: owner.id }));
    await queue.drain();
    expect((await progressOf(runId as string)).body).toMatchObject({
      status: "failed",
      lastError: "sempre falha",
      attempts: 1,
    });
  });

  it("retries a job that throws after a backoff, and it then succeeds", async () => {
    runs.length = 0;
    failuresLeft = 1;
    await t.database.owner.transaction((tx) => enqueueJob(tx, { name: "test_flaky", agencyId: null }).then(() => {}));
    await queue.drain();
    expect(runs.map((run) => run.attempt)).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // first backoff: e¹ ≈ 2.7 s
    await queue.drain();
    expect(runs.map((run) => run.attempt)).toEqual([1, 2]);
  }, 15_000);
});

describe("recurring jobs", () => {
  it("lists the periods missed since the last one, at most catchUp, oldest first", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const month = (iso: string) => new Date(iso).toISOString();
    expect(duePeriods("month", new Date("2026-08-01T00:00:00Z"), now, 12).map((d) => d.toISOString())).toEqual([
      month("2026-09-01T00:00:00Z"),
      month("2026-10-01T00:00:00Z"),
      month("2026-11-01T00:00:00Z"),
    ]);
    expect(duePeriods("month", new Date("2026-11-01T00:00:00Z"), now, 12)).toEqual([]);
    expect(duePeriods({ minutes: 10 }, null, now, 1).map((d) => d.toISOString())).toEqual(["2026-11-25T10:00:00.000Z"]);
    expect(duePeriods("day", new Date("2026-11-01T00:00:00Z"), now, 2)).toHaveLength(2);
  });

  it("enqueues each period once however often and from however many servers it ticks", async () => {
    runs.length = 0;
    const jobs = [{ name: "test_count", every: "month" as const, catchUp: 12 }];
    const first = new Date("2026-09-15T00:00:00Z");
    expect(await enqueueDueRecurringJobs(t.deps, first, jobs)).toBe(1);
    const later = new Date("2026-11-25T00:00:00Z");
    const counts = await Promise.all([1, 2, 3].map(() => enqueueDueRecurringJobs(t.deps, later, jobs)));
    expect(counts.sort()).toEqual([0, 0, 2]);
    await queue.drain();
    expect(runs.map((run) => run.payload)).toEqual([
      { period: "2026-09-01T00:00:00.000Z" },
      { period: "2026-10-01T00:00:00.000Z" },
      { period: "2026-11-01T00:00:00.000Z" },
    ]);
  });
});

describe("queue survives a restart", () => {
  it("runs a job enqueued before the queue started", async () => {
    await queue.stop();
    runs.length = 0;
    await asOwner((tx) => enqueueJob(tx, { name: "test_count", payload: { n: 9 }, agencyId }));
    queue = createJobQueue(t.deps);
    await queue.start();
    for (let i = 0; i < 50 && runs.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs.map((run) => run.payload)).toEqual([{ n: 9 }]);
  });
});
