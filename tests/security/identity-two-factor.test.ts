import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencySettings } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { secretFromTotpUri, totpCode } from "#tests/support/totp.ts";

// Issue 13, defects 1 and 4: the second factor is a property of the session, enrolment ends the
// other sessions, enrolment in a requiring agency needs a fresh session, and a code passes once.

let t: TestApp;
let requiringAgencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const agency = await createAgency(t.database.owner, { name: "Agência Exigente" });
  requiringAgencyId = agency.id;
  await t.database.owner
    .insert(agencySettings)
    .values({ agencyId: agency.id, settingKey: "two_factor_required", settingValue: true });
});
afterAll(() => t.close());

const signIn = (email: string, password: string) => t.request("/api/auth/sign-in/email", { body: { email, password } });

const STATS = "/api/dashboard/stats";

async function enrol(cookie: string, password: string) {
  const enable = await t.request("/api/auth/two-factor/enable", { body: { password }, cookie });
  expect(enable.status).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = secretFromTotpUri(totpURI);
  const verify = await t.request("/api/auth/two-factor/verify-totp", { body: { code: totpCode(secret) }, cookie });
  expect(verify.status).toBe(200);
  return { secret, cookie: sessionCookieFrom(verify) };
}

function challengeCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.includes("two_factor="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no two-factor challenge");
  return cookie;
}

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe("two-factor per session", () => {
  it("a password-only session stays refused after the member enrols elsewhere: it is signed out", async () => {
    const member = await createUser(t.deps.auth, t.database.owner, {
      email: "vitima@exigente.com.br",
      agencyId: requiringAgencyId,
      role: "agency_manager",
    });
    const attacker = sessionCookieFrom(await signIn(member.email, member.password));
    const refused = await t.request(STATS, { cookie: attacker });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("two_factor_required");

    const real = sessionCookieFrom(await signIn(member.email, member.password));
    const enrolled = await enrol(real, member.password);

    expect((await t.request(STATS, { cookie: enrolled.cookie })).status).toBe(200);
    expect((await t.request(STATS, { cookie: attacker })).status).toBe(401);
    expect((await t.request(STATS, { cookie: real })).status).toBe(401); // rotated by better-auth
  });

  it("what passes is the session's own second factor, not the user's enrolment", async () => {
    const member = await createUser(t.deps.auth, t.database.owner, {
      email: "sessao@exigente.com.br",
      agencyId: requiringAgencyId,
      role: "agency_manager",
    });
    const { cookie } = await enrol(sessionCookieFrom(await signIn(member.email, member.password)), member.password);
    expect((await t.request(STATS, { cookie })).status).toBe(200);
    await t.database.owner.execute(sql`update session set two_factor_verified = false where user_id = ${member.id}`);
    const refused = await t.request(STATS, { cookie });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("two_factor_required");
  });

  it("enrolment in a requiring agency needs a session signed in within the last minutes", async () => {
    const member = await createUser(t.deps.auth, t.database.owner, {
      email: "antiga@exigente.com.br",
      agencyId: requiringAgencyId,
      role: "team_designer",
    });
    const cookie = sessionCookieFrom(await signIn(member.email, member.password));
    await t.database.owner.execute(
      sql`update session set created_at = now() - interval '20 minutes' where user_id = ${member.id}`,
    );
    const stale = await t.request("/api/auth/two-factor/enable", { body: { password: member.password }, cookie });
    expect(stale.status).toBe(403);
    expect(await errorCode(stale)).toBe("reauthentication_required");
    const wrongPassword = await t.request("/api/auth/two-factor/enable", {
      body: { password: "Errada@Senha2026" },
      cookie: sessionCookieFrom(await signIn(member.email, member.password)),
    });
    expect(wrongPassword.status).toBe(400);
  });

  it("disabling two-factor signs out the user's other sessions", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "dois@navegadores.com.br" });
    const first = await enrol(sessionCookieFrom(await signIn(user.email, user.password)), user.password);
    const challenge = await signIn(user.email, user.password);
    const second = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code: totpCode(first.secret, Date.now() + 30_000) },
      cookie: challengeCookie(challenge),
    });
    expect(second.status).toBe(200);
    const other = sessionCookieFrom(second);
    expect((await t.request("/api/me", { cookie: other })).status).toBe(200);
    const disable = await t.request("/api/auth/two-factor/disable", {
      body: { password: user.password },
      cookie: first.cookie,
    });
    expect(disable.status).toBe(200);
    expect((await t.request("/api/me", { cookie: other })).status).toBe(401);
    expect((await t.request("/api/me", { cookie: sessionCookieFrom(disable) })).status).toBe(200);
  });
});

describe("TOTP replay", () => {
  it("a code that passed one challenge is refused at the next; a wrong code does not burn the right one", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "replay@exemplo.com.br" });
    const { secret } = await enrol(sessionCookieFrom(await signIn(user.email, user.password)), user.password);
    const code = totpCode(secret, Date.now() + 30_000);

    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code: code === "000000" ? "111111" : "000000" },
      cookie: challengeCookie(await signIn(user.email, user.password)),
    });
    expect(wrong.status).toBe(401);

    const first = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code },
      cookie: challengeCookie(await signIn(user.email, user.password)),
    });
    expect(first.status).toBe(200);
    const replay = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code },
      cookie: challengeCookie(await signIn(user.email, user.password)),
    });
    expect(replay.status).toBe(401);
    expect(await errorCode(replay)).toBe("code_reused");

    const enrolmentCode = totpCode(secret); // used by the enrolment itself
    const again = await t.request("/api/auth/two-factor/verify-totp", {
      body: { code: enrolmentCode },
      cookie: challengeCookie(await signIn(user.email, user.password)),
    });
    expect(again.status).toBe(401);
  });
});
