import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLockouts, signInFailures } from "#server/db/schema.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { auditRows, fakeClock, signIn, WRONG_PASSWORD } from "./sign-in-fixtures.ts";

const LOCKED = {
  error: {
    code: "locked",
    message: "Muitas tentativas de login falharam. Aguarde alguns minutos antes de tentar novamente.",
  },
};
const MINUTE = 60_000;

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
});
afterAll(() => t.close());

async function failFiveTimes(email: string, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await signIn(t, email, WRONG_PASSWORD, ip)).status);
  return statuses;
}

describe("sign-in lockout", () => {
  it("after five wrong passwords the right one is refused with 429 until 15 minutes pass", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "bloqueio@exemplo.com.br" });
    expect(await failFiveTimes(user.email, "192.0.2.1")).toEqual([401, 401, 401, 401, 429]);

    const refused = await signIn(t, user.email, user.password, "192.0.2.2");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(LOCKED);

    clock.advance(14 * MINUTE);
    expect((await signIn(t, user.email, user.password, "192.0.2.2")).status).toBe(429);
    clock.advance(MINUTE + 1000);
    expect((await signIn(t, user.email, user.password, "192.0.2.2")).status).toBe(200);
  });

  it("after a lock ends the account gets five fresh attempts", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "denovo@exemplo.com.br" });
    await failFiveTimes(user.email, "192.0.2.3");
    expect((await signIn(t, user.email, WRONG_PASSWORD, "192.0.2.3")).status).toBe(429); // refused while locked
    clock.advance(16 * MINUTE);
    expect(await failFiveTimes(user.email, "192.0.2.4")).toEqual([401, 401, 401, 401, 429]);
  });

  it("locks an unknown e-mail the same way, so a lock reveals nothing", async () => {
    expect(await failFiveTimes("fantasma@exemplo.com.br", "192.0.2.5")).toEqual([401, 401, 401, 401, 429]);
    expect(await (await signIn(t, "fantasma@exemplo.com.br", WRONG_PASSWORD, "192.0.2.5")).json()).toEqual(LOCKED);
  });

  it("audits the failures and the lock with IP and user agent", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "auditoria@exemplo.com.br" });
    await failFiveTimes(user.email, "192.0.2.6");
    const failures = await auditRows(t, "login_failed", user.email);
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({ userId: user.id, ipAddress: "192.0.2.6", userAgent: "vitest-sign-in" });
    const locks = await auditRows(t, "account_locked", user.email);
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ userId: user.id, resourceType: "auth", ipAddress: "192.0.2.6" });
    const [lock] = await t.database.owner.select().from(accountLockouts).where(eq(accountLockouts.email, user.email));
    expect(lock.lockedUntil.getTime()).toBe(clock.now().getTime() + 15 * MINUTE);
  });

  it("the super admin's unlock lets the right password in at once", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "desbloquear@exemplo.com.br" });
    await failFiveTimes(user.email, "192.0.2.7");
    expect((await signIn(t, user.email, user.password, "192.0.2.7")).status).toBe(429);
    const admin = await signedInAs(t, "root@exemplo.com.br", "super_admin");
    const unlock = await t.request("/api/admin/security/unlock", { body: { email: user.email }, cookie: admin.cookie });
    expect(unlock.status).toBe(200);
    expect((await signIn(t, user.email, user.password, "192.0.2.7")).status).toBe(200);
  });

  it("one IP failing on many accounts is stopped after 20 failures, even with a right password", async () => {
    const ip = "192.0.2.8";
    const victim = await createUser(t.deps.auth, t.database.owner, { email: "vitima@exemplo.com.br" });
    for (let i = 0; i < 20; i++) {
      expect((await signIn(t, `alvo${i}@exemplo.com.br`, WRONG_PASSWORD, ip)).status).toBe(401);
    }
    const blocked = await signIn(t, victim.email, victim.password, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: { code: "rate_limited", message: LOCKED.error.message } });
    expect((await signIn(t, victim.email, victim.password, "192.0.2.9")).status).toBe(200);
    clock.advance(16 * MINUTE);
    expect((await signIn(t, victim.email, victim.password, ip)).status).toBe(200);
    const fromIp = await t.database.owner.select().from(signInFailures).where(eq(signInFailures.ipAddress, ip));
    expect(fromIp.filter((row) => row.email.startsWith("alvo"))).toHaveLength(20);
  });
});
