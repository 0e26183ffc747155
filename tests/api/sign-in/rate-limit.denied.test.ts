import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signIn, WRONG_PASSWORD } from "./sign-in-fixtures.ts";

// better-auth's own limiter is off in tests; this file turns it on to see how it meets the lockout.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { isTest: false } });
});
afterAll(() => t.close());

/** The answers to `times` sign-ins in a row from one address, in order. */
async function signInsInARow(app: TestApp, email: string, password: string, ip: string, times: number) {
  const answers: Response[] = [];
  for (let i = 0; i < times; i++) answers.push(await signIn(app, email, password, ip));
  return answers;
}

describe("better-auth's flood limit with our lockout", () => {
  it("five quick wrong passwords reach our lockout, not better-auth's limiter", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "rapido@exemplo.com.br" });
    const answers = await signInsInARow(t, user.email, WRONG_PASSWORD, "203.0.113.50", 5);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429]);
    expect(await answers[4].json()).toMatchObject({ error: { code: "locked" } });
  });

  it("past 30 sign-ins a minute from one address, better-auth answers 429 in our envelope with a retry hint", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "enxurrada@exemplo.com.br" });
    const answers = await signInsInARow(t, user.email, user.password, "203.0.113.60", 31);
    const statuses = answers.map((answer) => answer.status);
    const last = answers.at(-1);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(await last?.json()).toEqual({
      error: { code: "rate_limited", message: "Muitas requisições. Aguarde alguns segundos e tente novamente." },
    });
    expect(Number(last?.headers.get("x-retry-after"))).toBeGreaterThan(0);
    // another address is not affected
    expect((await signIn(t, user.email, user.password, "203.0.113.61")).status).toBe(200);
  });

  it("the flood limit is the configured one (RATE_LIMIT_SIGN_IN_PER_MINUTE)", async () => {
    const tuned = await createTestApp({
      config: { isTest: false, credentialFloodLimits: { signInPerMinute: 2, signUpPerMinute: 20 } },
    });
    try {
      const user = await createUser(tuned.deps.auth, tuned.database.owner, { email: "ajustado@exemplo.com.br" });
      const answers = await signInsInARow(tuned, user.email, user.password, "203.0.113.70", 3);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    } finally {
      await tuned.close();
    }
  });
});
