import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, profiles, user, userRoles } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VALID = {
  firstName: "Bruna",
  lastName: "Souza",
  email: "bruna@exemplo.com.br",
  password: "Cadastro@Forte2026",
  company: "Estúdio Souza",
  role: "team_copywriter",
};

function signUp(body: Record<string, unknown>) {
  return t.request("/api/auth/sign-up/email", { body, headers: { "user-agent": "vitest-sign-up" } });
}

async function userCount(email: string) {
  return (await t.database.owner.select().from(user).where(eq(user.email, email))).length;
}

describe("sign-up", () => {
  it("creates the account with the chosen role, trimmed fields without angle brackets, and audits it", async () => {
    const response = await signUp({
      ...VALID,
      firstName: "  <Bruna> ",
      lastName: " Souza>",
      email: " Bruna@Exemplo.com.br ",
      company: " <Estúdio Souza> ",
    });
    expect(response.status).toBe(200);
    const { user: created } = (await response.json()) as { user: { id: string } };
    const [profile] = await t.database.owner.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({
      email: "bruna@exemplo.com.br",
      firstName: "Bruna",
      lastName: "Souza",
      company: "Estúdio Souza",
    });
    const [role] = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, created.id));
    expect(role.role).toBe("team_copywriter");
    const [audit] = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.action, "signup"));
    expect(audit).toMatchObject({ userId: created.id, resourceId: created.id, userAgent: "vitest-sign-up" });
  });

  it("gives the role 'user' when none is chosen", async () => {
    const response = await signUp({ ...VALID, email: "padrao@exemplo.com.br", role: undefined });
    expect(response.status).toBe(200);
    const { user: created } = (await response.json()) as { user: { id: string } };
    const [role] = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, created.id));
    expect(role.role).toBe("user");
  });

  it.each([
    ["super_admin as role", { role: "super_admin" }, "Função inválida para cadastro."],
    [
      "super_admin as better-auth's signupRole",
      { role: undefined, signupRole: "super_admin" },
      "Função inválida para cadastro.",
    ],
    ["an unknown role", { role: "dono_do_mundo" }, "Função inválida para cadastro."],
    ["a weak password", { password: "Curta@1" }, "Senha deve ter pelo menos 12 caracteres"],
    ["a password without a symbol", { password: "SemSimbolo2026" }, "Deve conter pelo menos um símbolo especial"],
    [
      "a password over 128 characters",
      { password: `Aa1@${"x".repeat(125)}` },
      "Senha deve ter no máximo 128 caracteres",
    ],
    ["no first name", { firstName: " <> " }, "Nome é obrigatório"],
    ["no last name", { lastName: undefined }, "Sobrenome é obrigatório"],
    ["an invalid e-mail", { email: "bruna@" }, "Email inválido"],
  ])("refuses %s with 400 and a pt-BR message, creating nothing", async (_, change, message) => {
    const email = `recusa-${Math.random().toString(36).slice(2)}@exemplo.com.br`;
    const response = await signUp({ ...VALID, email, ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "validation_failed", message } });
    expect(await userCount(email)).toBe(0);
  });

  it("answers a taken e-mail with the spec's message", async () => {
    expect((await signUp({ ...VALID, email: "duplo@exemplo.com.br" })).status).toBe(200);
    const again = await signUp({ ...VALID, email: "Duplo@exemplo.com.br" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: {
        code: "conflict",
        message: "Este email já está cadastrado. Tente fazer login.",
        details: { authCode: "user_already_registered" },
      },
    });
  });
});
