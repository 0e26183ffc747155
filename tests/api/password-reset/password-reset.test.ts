import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, emailOutbox, passwordResetTokens } from "#server/db/schema.ts";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { fakeClock, signIn, WRONG_PASSWORD } from "../sign-in/sign-in-fixtures.ts";

const NEW_PASSWORD = "Nova@Senha2026!";
const REQUESTED = {
  success: true,
  message: "Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. O link vale por 30 minutos.",
};
const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now }, config: { rateLimits: true } });
});
afterAll(() => t.close());

const requestReset = (email: string, ip?: string) => t.request("/api/password-reset/request", { body: { email }, ip });
const confirm = (token: string, password: string) =>
  t.request("/api/password-reset/confirm", { body: { token, password } });

async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await t.database.owner
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old and every session do not", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "esqueci@exemplo.com.br" });
    const sessions = [
      sessionCookieFrom(await signIn(t, user.email, user.password)),
      sessionCookieFrom(await signIn(t, user.email, user.password)),
    ];
    const answer = await requestReset(user.email);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(REQUESTED);
    const token = await tokenMailedTo(user.email);
    const stored = await t.database.owner
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);

    const weak = await confirm(token, "fraca");
    expect(weak.status).toBe(400);
    const done = await confirm(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    for (const cookie of sessions) expect((await t.request("/api/me", { cookie })).status).toBe(401);
    expect((await signIn(t, user.email, user.password)).status).toBe(401);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
    const again = await confirm(token, "Outra@Senha2026!");
    expect(again.status).toBe(400);
    const audit = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["password_reset_requested", "password_reset"]),
    );
  });

  it("answers an unknown e-mail exactly like a known one, and mails nothing", async () => {
    const answer = await requestReset("ninguem@exemplo.com.br");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(REQUESTED);
    const mails = await t.database.owner
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "ninguem@exemplo.com.br"));
    expect(mails).toHaveLength(0);
  });

  it("refuses the current password as the new one, and the link stays usable", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "mesma-senha@exemplo.com.br" });
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    const same = await confirm(token, user.password);
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({
      error: {
        code: "validation_failed",
        message: ACCOUNT_SECURITY_MESSAGES.samePassword,
        details: { field: "password" },
      },
    });
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(t, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a link after 30 minutes", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "expirado@exemplo.com.br" });
    await requestReset(user.email);
    const token = await tokenMailedTo(user.email);
    clock.advance(31 * 60_000);
    const late = await confirm(token, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { message: string } }).error.message).toBe(
      "Este link de redefinição é inválido ou expirou. Solicite um novo.",
    );
  });

  it("lifts a lock on the account (decision 012)", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "travada@exemplo.com.br" });
    for (let i = 0; i < 5; i++) await signIn(t, user.email, WRONG_PASSWORD, "192.0.2.60");
    expect((await signIn(t, user.email, user.password, "192.0.2.61")).status).toBe(429);
    await requestReset(user.email);
    expect((await confirm(await tokenMailedTo(user.email), NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(t, user.email, NEW_PASSWORD, "192.0.2.61")).status).toBe(200);
  });

  it("limits requests per account with 429 and Retry-After", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "insistente@exemplo.com.br" });
    for (let i = 0; i < 3; i++) expect((await requestReset(user.email, `192.0.2.${70 + i}`)).status).toBe(200);
    const limited = await requestReset(user.email, "192.0.2.80");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
