import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencySettings, auditLogs } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { secretFromTotpUri, totpCode } from "#tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Me = { user: { twoFactorEnabled: boolean; isTwoFactorRequired: boolean } };

async function signIn(email: string, password: string) {
  return t.request("/api/auth/sign-in/email", { body: { email, password } });
}

/** Enables TOTP and confirms it with a first code, as the enrolment screen does; returns the secret. */
async function enrol(
  cookie: string,
  password: string,
): Promise<{ secret: string; cookie: string; backupCodes: string[] }> {
  const enable = await t.request("/api/auth/two-factor/enable", { body: { password }, cookie });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Nexo/);
  const secret = secretFromTotpUri(totpURI);
  const verify = await t.request("/api/auth/two-factor/verify-totp", { body: { code: totpCode(secret) }, cookie });
  expect(verify.status).toBe(200);
  // better-auth rotates the session when enrolment completes
  return { secret, cookie: sessionCookieFrom(verify), backupCodes };
}

describe("two-factor", () => {
  it("after enrolment, sign-in needs the TOTP code before a session exists", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "totp@exemplo.com.br" });
    const first = await signIn(user.email, user.password);
    const { secret, cookie, backupCodes } = await enrol(sessionCookieFrom(first), user.password);
    expect(backupCodes.length).toBeGreaterThan(0);
    const me = (await (await t.request("/api/me", { cookie })).json()) as Me;
    expect(me.user.twoFactorEnabled).toBe(true);

    const second = await signIn(user.email, user.password);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ twoFactorRedirect: true });
    expect(second.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/.test(c))).toBe(
      false,
    );
    const challenge = second.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor="))
      ?.split(";")[0];
    expect(challenge).toBeDefined();

    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code: totpCode(secret, Date.now() - 10 * 60_000) },
      cookie: challenge,
    });
    expect(wrong.status).toBe(401);

    const right = await t.request("/api/auth/two-factor/verify-totp", {
      // the enrolment used this step's code: a code passes once (issue 13), so the next step's
      body: { code: totpCode(secret, Date.now() + 30_000) },
      cookie: challenge,
    });
    expect(right.status).toBe(200);
    const meAfter = await t.request("/api/me", { cookie: sessionCookieFrom(right) });
    expect(meAfter.status).toBe(200);

    const audit = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "two_factor_enabled"), eq(auditLogs.userId, user.id)));
    expect(audit).toHaveLength(1);
  });

  it("disabling with the password turns the challenge off and is audited", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "desliga@exemplo.com.br" });
    const { cookie } = await enrol(sessionCookieFrom(await signIn(user.email, user.password)), user.password);
    const wrongPassword = await t.request("/api/auth/two-factor/disable", {
      body: { password: "Errada@Senha123" },
      cookie,
    });
    expect(wrongPassword.status).toBe(400);
    const disable = await t.request("/api/auth/two-factor/disable", { body: { password: user.password }, cookie });
    expect(disable.status).toBe(200);
    const again = await signIn(user.email, user.password);
    expect(await again.json()).not.toHaveProperty("twoFactorRedirect");
    const actions = await t.database.owner
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["two_factor_enabled", "two_factor_disabled"]));
    expect(actions.filter((a) => a.action === "two_factor_disabled")).toHaveLength(1);
  });

  it("an agency that requires two-factor blocks its unenrolled users until they enrol", async () => {
    const agency = await createAgency(t.database.owner, { name: "Agência Segura" });
    await t.database.owner
      .insert(agencySettings)
      .values({ agencyId: agency.id, settingKey: "two_factor_required", settingValue: true });
    const user = await createUser(t.deps.auth, t.database.owner, {
      email: "obrigada@exemplo.com.br",
      agencyId: agency.id,
      role: "team_designer",
    });
    const cookie = sessionCookieFrom(await signIn(user.email, user.password));

    const me = (await (await t.request("/api/me", { cookie })).json()) as Me;
    expect(me.user).toMatchObject({ isTwoFactorRequired: true, twoFactorEnabled: false });
    const blocked = await t.request("/api/invites/accept", { body: { token: "x".repeat(43) }, cookie });
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("two_factor_required");

    const enrolled = await enrol(cookie, user.password);
    const unblocked = await t.request("/api/invites/accept", {
      body: { token: "x".repeat(43) },
      cookie: enrolled.cookie,
    });
    expect(unblocked.status).toBe(404); // past the two-factor gate: the made-up token is simply unknown

    const disable = await t.request("/api/auth/two-factor/disable", {
      body: { password: user.password },
      cookie: enrolled.cookie,
    });
    expect(disable.status).toBe(403);
    expect(((await disable.json()) as { error: { message: string } }).error.message).toBe(
      "Sua agência exige autenticação em dois fatores: ela não pode ser desativada.",
    );
    const meAfter = (await (await t.request("/api/me", { cookie: enrolled.cookie })).json()) as Me;
    expect(meAfter.user.twoFactorEnabled).toBe(true);
  });
});
