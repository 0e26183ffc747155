import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { fakeClock, signIn } from "../sign-in/sign-in-fixtures.ts";

// Limits on as in production (the tight limit per IP and session is 20 per 15 minutes).
const clock = fakeClock(new Date("2026-11-23T12:00:10.000Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now }, config: { rateLimits: true } });
});
afterAll(() => t.close());

const resend = (cookie: string, ip: string) => t.request("/api/me/email-verification", { method: "POST", cookie, ip });

const mailsTo = async (email: string) =>
  (await t.database.owner.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length;

describe("resending the verification e-mail", () => {
  it("is limited per account, whatever session or address asks: 3 an hour, then 429 in pt-BR", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, {
      email: "caixa-cheia@exemplo.com.br",
      isEmailVerified: false,
    });
    const first = sessionCookieFrom(await signIn(t, user.email, user.password, "192.0.2.110"));
    for (let i = 0; i < 3; i++) expect((await resend(first, "192.0.2.110")).status).toBe(200);

    // A fresh session from another address has the tight limit's budget, not the account's.
    const second = sessionCookieFrom(await signIn(t, user.email, user.password, "192.0.2.111"));
    const refused = await resend(second, "192.0.2.111");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: "rate_limited", message: EMAIL_VERIFICATION_MESSAGES.tooMany },
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toBe(3);

    clock.advance(60 * 60_000);
    expect((await resend(second, "192.0.2.111")).status).toBe(200);
    expect(await mailsTo(user.email)).toBe(4);
  });

  it("one account's limit leaves another's alone", async () => {
    const other = await createUser(t.deps.auth, t.database.owner, {
      email: "outra-caixa@exemplo.com.br",
      isEmailVerified: false,
    });
    const cookie = sessionCookieFrom(await signIn(t, other.email, other.password, "192.0.2.112"));
    expect((await resend(cookie, "192.0.2.112")).status).toBe(200);
  });
});
