import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLockouts, auditLogs } from "#server/db/schema.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { fakeClock, signIn, WRONG_PASSWORD } from "#tests/api/sign-in/sign-in-fixtures.ts";

// Issue 13, defects 2 and 3.
const MINUTE = 60_000;
const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
});
afterAll(() => t.close());

async function sprayFrom(ip: string, prefix: string, times = 20) {
  for (let i = 0; i < times; i++) {
    expect((await signIn(t, `${prefix}${i}@exemplo.com.br`, WRONG_PASSWORD, ip)).status).toBe(401);
  }
}

describe("the per-IP block", () => {
  it("refused attempts neither prolong the block nor lock the account they name", async () => {
    const ip = "192.0.2.40";
    const victim = await createUser(t.deps.auth, t.database.owner, { email: "vitima-ip@exemplo.com.br" });
    await sprayFrom(ip, "spray");
    clock.advance(10 * MINUTE);
    for (let i = 0; i < 20; i++) {
      expect((await signIn(t, victim.email, victim.password, ip)).status).toBe(429);
    }
    const locks = await t.database.owner.select().from(accountLockouts).where(eq(accountLockouts.email, victim.email));
    expect(locks).toHaveLength(0);
    expect((await signIn(t, victim.email, victim.password, "192.0.2.41")).status).toBe(200);

    clock.advance(5 * MINUTE + 1000); // the window of the 20 failures has ended
    expect((await signIn(t, victim.email, victim.password, ip)).status).toBe(200);
  });
});

describe("X-Forwarded-For behind one trusted hop", () => {
  it("entries the client forges on the left change nothing: the address the proxy saw is blocked and audited", async () => {
    const real = "198.51.100.7";
    const victim = await createUser(t.deps.auth, t.database.owner, { email: "forjado@exemplo.com.br" });
    for (let i = 0; i < 25; i++) {
      const answer = await signIn(t, `forja${i}@exemplo.com.br`, WRONG_PASSWORD, `10.${i}.0.1, ${real}`);
      expect(answer.status).toBe(i < 20 ? 401 : 429);
    }
    expect((await signIn(t, victim.email, victim.password, `203.0.113.99, ${real}`)).status).toBe(429);
    const audited = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.action, "login_failed"));
    const addresses = new Set(
      audited
        .filter((row) => (row.details as { email?: string }).email?.startsWith("forja"))
        .map((row) => row.ipAddress),
    );
    expect([...addresses]).toEqual([real]);
  });
});
