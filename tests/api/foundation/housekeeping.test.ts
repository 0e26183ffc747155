import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLockouts, emailOutbox, rateLimit, requestLimits, signInFailures } from "#server/db/schema.ts";
import { pruneExpiredRows, SECURITY_ROWS_RETENTION_MS } from "#server/maintenance/prune-expired-rows.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function seedOldAndFreshRows() {
  const db = t.database.owner;
  const old = ago(SECURITY_ROWS_RETENTION_MS + 60_000);
  const fresh = ago(SECURITY_ROWS_RETENTION_MS - 60_000);
  await db.insert(signInFailures).values([
    { email: "antigo@exemplo.com.br", ipAddress: "203.0.113.1", createdAt: old },
    { email: "recente@exemplo.com.br", ipAddress: "203.0.113.1", createdAt: fresh },
  ]);
  await db.insert(accountLockouts).values([
    { email: "antigo@exemplo.com.br", lockedUntil: old, createdAt: old },
    { email: "recente@exemplo.com.br", lockedUntil: fresh, createdAt: fresh },
  ]);
  await db.insert(rateLimit).values([
    { key: "203.0.113.1/sign-in/email", count: 3, lastRequest: ago(2 * DAY_MS).getTime() },
    { key: "203.0.113.2/sign-in/email", count: 3, lastRequest: ago(60_000).getTime() },
  ]);
  await db.insert(requestLimits).values([
    { key: "ip:203.0.113.1", windowStart: ago(2 * DAY_MS), hits: 9 },
    { key: "ip:203.0.113.2", windowStart: ago(60_000), hits: 9 },
  ]);
  await db.insert(emailOutbox).values([
    { toAddress: "antigo@exemplo.com.br", subject: "Convite", body: "…", status: "sent", createdAt: old },
    { toAddress: "falhou@exemplo.com.br", subject: "Convite", body: "…", status: "failed", createdAt: old },
    { toAddress: "recente@exemplo.com.br", subject: "Convite", body: "…", status: "sent", createdAt: fresh },
    // Never sent (no SMTP): kept, it is the operator's only copy.
    { toAddress: "pendente@exemplo.com.br", subject: "Convite", body: "…", createdAt: old },
  ]);
}

describe("pruneExpiredRows", () => {
  it("deletes only the rows past their retention, in every pruned table", async () => {
    await seedOldAndFreshRows();
    const pruned = await pruneExpiredRows(t.database.owner, NOW);
    expect(pruned).toEqual({ signInFailures: 1, accountLockouts: 1, rateLimits: 1, requestLimits: 1, outboxMails: 2 });

    const db = t.database.owner;
    expect((await db.select().from(signInFailures)).map((row) => row.email)).toEqual(["recente@exemplo.com.br"]);
    expect((await db.select().from(accountLockouts)).map((row) => row.email)).toEqual(["recente@exemplo.com.br"]);
    expect((await db.select().from(rateLimit)).map((row) => row.key)).toEqual(["203.0.113.2/sign-in/email"]);
    expect((await db.select().from(requestLimits)).map((row) => row.key)).toEqual(["ip:203.0.113.2"]);
    expect((await db.select().from(emailOutbox)).map((row) => row.toAddress).sort()).toEqual([
      "pendente@exemplo.com.br",
      "recente@exemplo.com.br",
    ]);
    expect(await pruneExpiredRows(t.database.owner, NOW)).toEqual({
      signInFailures: 0,
      accountLockouts: 0,
      rateLimits: 0,
      requestLimits: 0,
      outboxMails: 0,
    });
  });
});
