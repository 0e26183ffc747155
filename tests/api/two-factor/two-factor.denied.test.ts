import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("who may not change two-factor", () => {
  it("a visitor without a session cannot enable, confirm or disable", async () => {
    expect((await t.request("/api/auth/two-factor/enable", { body: { password: "Qualquer@Senha1" } })).status).toBe(
      401,
    );
    expect((await t.request("/api/auth/two-factor/verify-totp", { body: { code: "123456" } })).status).toBe(401);
    expect((await t.request("/api/auth/two-factor/disable", { body: { password: "Qualquer@Senha1" } })).status).toBe(
      401,
    );
  });

  it("enabling needs the account's password, and an unconfirmed secret does not turn the challenge on", async () => {
    const user = await createUser(t.deps.auth, t.database.owner, { email: "sem-senha@exemplo.com.br" });
    const signIn = () => t.request("/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
    const cookie = sessionCookieFrom(await signIn());
    const wrong = await t.request("/api/auth/two-factor/enable", { body: { password: "Errada@Senha123" }, cookie });
    expect(wrong.status).toBe(400);
    const started = await t.request("/api/auth/two-factor/enable", { body: { password: user.password }, cookie });
    expect(started.status).toBe(200);
    const me = (await (await t.request("/api/me", { cookie })).json()) as { user: { twoFactorEnabled: boolean } };
    expect(me.user.twoFactorEnabled).toBe(false);
    expect(await (await signIn()).json()).not.toHaveProperty("twoFactorRedirect");
  });
});
