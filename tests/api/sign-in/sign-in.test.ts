import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, auditLogs, session, signInFailures } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { secretFromTotpUri, totpCode } from "#tests/support/totp.ts";
import { auditRows, signIn, WRONG_PASSWORD } from "./sign-in-fixtures.ts";

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Entrada" })).id;
});
afterAll(() => t.close());

describe("sign-in", () => {
  it("signs in with a new session token each time and records the login with IP and user agent", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, {
      email: "ana@exemplo.com.br",
      agencyId,
      role: "team_designer",
    });
    const first = await signIn(t, "  Ana@Exemplo.com.br ", user.password, "198.51.100.7");
    expect(first.status).toBe(200);
    const second = await signIn(t, user.email, user.password, "198.51.100.7");
    expect(second.status).toBe(200);
    expect(sessionCookieFrom(first)).not.toBe(sessionCookieFrom(second));
    const tokens = await t.database.owner
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, user.id));
    expect(tokens).toHaveLength(3); // sign-up signs in too
    expect(new Set(tokens.map((row) => row.token)).size).toBe(3);

    const me = await t.request("/api/me", { cookie: sessionCookieFrom(second) });
    expect(me.status).toBe(200);
    const logins = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.action, "login"));
    expect(logins).toHaveLength(2);
    expect(logins[0]).toMatchObject({
      userId: user.id,
      agencyId,
      resourceType: "auth",
      ipAddress: "198.51.100.7",
      userAgent: "vitest-sign-in",
    });
  });

  it("gives better-auth the trusted client address, never a header the client forged", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "ip@exemplo.com.br" });
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email: user.email, password: user.password },
      ip: "198.51.100.77",
      headers: { "x-nexo-client-ip": "10.9.9.9" },
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const [row] = await t.database.owner
      .select({ ip: session.ipAddress })
      .from(session)
      .where(eq(session.token, token));
    expect(row.ip).toBe("198.51.100.77");
  });

  it("a two-factor sign-in is recorded as a login at the code, not at the password", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "dois@exemplo.com.br", agencyId });
    let cookie = sessionCookieFrom(await signIn(t, user.email, user.password));
    const enable = await t.request("/api/auth/two-factor/enable", { body: { password: user.password }, cookie });
    const secret = secretFromTotpUri(((await enable.json()) as { totpURI: string }).totpURI);
    const enrolled = await t.request("/api/auth/two-factor/verify-totp", { body: { code: totpCode(secret) }, cookie });
    cookie = sessionCookieFrom(enrolled);
    const loginsOf = async () =>
      (await t.database.owner.select().from(auditLogs).where(eq(auditLogs.userId, user.id))).filter(
        (row) => row.action === "login",
      );
    expect(await loginsOf()).toHaveLength(1); // the first, password-only sign-in; enrolment is not a login

    const challenge = await signIn(t, user.email, user.password);
    expect(await challenge.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await loginsOf()).toHaveLength(1);
    const twoFactorCookie = challenge.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor="))
      ?.split(";")[0];
    const verified = await t.request("/api/auth/two-factor/verify-totp", {
      // the enrolment used this step's code: a code passes once (issue 13), so the next step's
      body: { code: totpCode(secret, Date.now() + 30_000) },
      cookie: twoFactorCookie,
    });
    expect(verified.status).toBe(200);
    const logins = await loginsOf();
    expect(logins).toHaveLength(2);
    expect(logins[1]).toMatchObject({ agencyId, details: { method: "two_factor" } });
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "cookie@exemplo.com.br" });
    const response = await signIn(t, user.email, user.password);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("nexo.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("stores passwords as argon2id with the OWASP parameters", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "hash@exemplo.com.br" });
    const [row] = await t.database.owner
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, user.id));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers a wrong password and an unknown e-mail alike, and audits both", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "igual@exemplo.com.br", agencyId });
    const wrong = await signIn(t, user.email, WRONG_PASSWORD, "198.51.100.8");
    const unknown = await signIn(t, "ninguem@exemplo.com.br", WRONG_PASSWORD, "198.51.100.8");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const body = await wrong.json();
    expect(body).toEqual({ error: { code: "invalid_credentials", message: "Email ou senha inválidos." } });
    expect(await unknown.json()).toEqual(body);

    const [known] = await auditRows(t, "login_failed", user.email);
    expect(known).toMatchObject({ userId: user.id, agencyId, ipAddress: "198.51.100.8", userAgent: "vitest-sign-in" });
    const [stranger] = await auditRows(t, "login_failed", "ninguem@exemplo.com.br");
    expect(stranger).toMatchObject({
      userId: null,
      agencyId: null,
      details: { email: "ninguem@exemplo.com.br", reason: "invalid_credentials" },
    });
  });

  it("resets the account's failure count after a successful sign-in", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "reset@exemplo.com.br" });
    for (let i = 0; i < 4; i++) expect((await signIn(t, user.email, WRONG_PASSWORD, "198.51.100.9")).status).toBe(401);
    expect((await signIn(t, user.email, user.password, "198.51.100.9")).status).toBe(200);
    const left = await t.database.owner.select().from(signInFailures).where(eq(signInFailures.email, user.email));
    expect(left).toHaveLength(0);
    for (let i = 0; i < 4; i++) expect((await signIn(t, user.email, WRONG_PASSWORD, "198.51.100.9")).status).toBe(401);
    expect((await signIn(t, user.email, user.password, "198.51.100.9")).status).toBe(200);
  });

  it("sign-out ends the session on the server and is audited", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "sair@exemplo.com.br", agencyId });
    const cookie = sessionCookieFrom(await signIn(t, user.email, user.password));
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", {
      body: {},
      cookie,
      headers: { origin: "http://localhost:3000" },
    });
    expect(out.status).toBe(200);
    expect((await t.request("/api/me", { cookie })).status).toBe(401);
    const [logout] = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.action, "logout"));
    expect(logout).toMatchObject({ userId: user.id, agencyId, resourceType: "auth", resourceId: user.id });
  });

  it("refuses a body without a valid e-mail with the pt-BR message and counts nothing", async () => {
    const response = await signIn(t, "não-é-email", WRONG_PASSWORD);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed", message: "Email inválido" } });
    const empty = await t.request("/api/auth/sign-in/email", { body: { email: "a@exemplo.com.br" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { message: "Senha é obrigatória" } });
    const rows = await t.database.owner
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.email, "a@exemplo.com.br"));
    expect(rows).toHaveLength(0);
  });
});

describe("session cookies over https", () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({
      config: { publicUrl: "https://nexo.example.com", allowedOrigins: ["https://nexo.example.com"] },
    });
  });
  afterAll(() => https.close());

  it("are __Host- prefixed, Secure, httpOnly and SameSite=Lax, and open the API", async () => {
    const user = await createUser(https.deps.auth, https.database.owner, { email: "seguro@exemplo.com.br" });
    const response = await signIn(https, user.email, user.password);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Host-nexo\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await https.request("/api/me", { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
  });
});
