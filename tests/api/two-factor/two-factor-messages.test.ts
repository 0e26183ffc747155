import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins/two-factor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES } from "#domain/auth-error-messages.ts";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";
import { secretFromTotpUri, totpCode } from "#tests/support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG_PASSWORD = "Errada@Senha2026";
const INVALID_CODE = "Código inválido. Confira o código de 6 dígitos do seu aplicativo autenticador.";

/** The answer is our envelope with this pt-BR message, at this status: none of better-auth's English. */
async function expectRefusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error?: { code: string; message: string } };
  expect(body).not.toHaveProperty("message");
  expect(body.error?.message).toBe(message);
}

const post = (path: string, body: unknown, cookie?: string) => t.request(`/api/auth${path}`, { body, cookie });

async function signedIn(email: string) {
  const user = await createUser(t.deps.auth, t.database.owner, { email });
  const cookie = sessionCookieFrom(await post("/sign-in/email", { email, password: user.password }));
  return { user, cookie };
}

/** Enrolled and confirmed; returns what a second sign-in needs. */
async function enrolled(email: string) {
  const { user, cookie } = await signedIn(email);
  const enable = await post("/two-factor/enable", { password: user.password }, cookie);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretFromTotpUri(totpURI);
  const confirmed = await post("/two-factor/verify-totp", { code: totpCode(secret) }, cookie);
  expect(confirmed.status).toBe(200);
  return { user, secret, backupCodes, cookie: sessionCookieFrom(confirmed) };
}

async function challengeOf(email: string, password: string): Promise<string> {
  const second = await post("/sign-in/email", { email, password });
  const challenge = second.headers
    .getSetCookie()
    .find((cookie) => cookie.includes("two_factor="))
    ?.split(";")[0];
  if (!challenge) throw new Error("sign-in asked for no second factor");
  return challenge;
}

describe("two-factor answers in pt-BR", () => {
  it("a wrong code at the second step of sign-in, and a wrong recovery code", async () => {
    const { user } = await enrolled("codigo-errado@exemplo.com.br");
    const challenge = await challengeOf(user.email, user.password);
    await expectRefusal(await post("/two-factor/verify-totp", { code: "000000" }, challenge), 401, INVALID_CODE);
    await expectRefusal(
      await post("/two-factor/verify-backup-code", { code: "abcde-fghij" }, challenge),
      401,
      "Código de recuperação inválido.",
    );
  });

  it("too many wrong codes end the challenge, and the cookie better-auth clears stays cleared", async () => {
    const { user } = await enrolled("muitas-tentativas@exemplo.com.br");
    const challenge = await challengeOf(user.email, user.password);
    let last = await post("/two-factor/verify-totp", { code: "000000" }, challenge);
    for (let attempt = 1; attempt < 10 && last.status === 401; attempt++) {
      last = await post("/two-factor/verify-totp", { code: "000000" }, challenge);
    }
    expect(last.headers.getSetCookie().some((cookie) => /two_factor=;.*Max-Age=0/.test(cookie))).toBe(true);
    await expectRefusal(last, 400, "Muitas tentativas. Entre novamente com e-mail e senha.");
    await expectRefusal(
      await post("/two-factor/verify-totp", { code: "000000" }, challenge),
      401,
      "A verificação expirou. Entre novamente com e-mail e senha.",
    );
  });

  it("enrolment: a wrong password, a wrong confirmation code, enabling twice, a malformed body", async () => {
    const { user, cookie } = await signedIn("ativacao@exemplo.com.br");
    await expectRefusal(
      await post("/two-factor/enable", { password: WRONG_PASSWORD }, cookie),
      400,
      ACCOUNT_SECURITY_MESSAGES.wrongPassword,
    );
    await expectRefusal(await post("/two-factor/enable", {}, cookie), 400, "Dados inválidos.");
    await expectRefusal(
      await post("/two-factor/verify-totp", { code: "123456" }, cookie),
      400,
      "A autenticação em dois fatores não está ativada.",
    );
    await post("/two-factor/enable", { password: user.password }, cookie);
    await expectRefusal(await post("/two-factor/verify-totp", { code: "000000" }, cookie), 401, INVALID_CODE);

    const done = await enrolled("ativacao-dupla@exemplo.com.br");
    await expectRefusal(
      await post("/two-factor/enable", { password: done.user.password }, done.cookie),
      400,
      "A autenticação em dois fatores já está ativada.",
    );
  });

  it("disabling with a wrong password, and without a session", async () => {
    const { cookie } = await enrolled("desativacao@exemplo.com.br");
    await expectRefusal(
      await post("/two-factor/disable", { password: WRONG_PASSWORD }, cookie),
      400,
      ACCOUNT_SECURITY_MESSAGES.wrongPassword,
    );
    await expectRefusal(
      await post("/two-factor/disable", { password: WRONG_PASSWORD }),
      401,
      "Usuário não autenticado",
    );
  });

  it("every error code of better-auth's two-factor plugin has a pt-BR message", () => {
    const missing = Object.keys(TWO_FACTOR_ERROR_CODES).filter((code) => !Object.hasOwn(AUTH_ERROR_MESSAGES, code));
    expect(missing).toEqual([]);
  });
});
