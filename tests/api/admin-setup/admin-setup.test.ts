import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, userRoles } from "#server/db/schema.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = "Admin@Segura2026";

async function status(): Promise<boolean> {
  const response = await t.request("/api/admin-setup/status");
  expect(response.status).toBe(200);
  return ((await response.json()) as { isSetUp: boolean }).isSetUp;
}

describe("admin setup", () => {
  it("joins every broken rule into one pt-BR message and writes nothing", async () => {
    const response = await t.request("/api/admin-setup", { body: { email: "não-é-email", password: "abc" } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toBe(
      "Erro de validação: Email inválido, Senha deve ter pelo menos 12 caracteres, " +
        "Deve conter pelo menos uma letra maiúscula, Deve conter pelo menos um número, " +
        "Deve conter pelo menos um símbolo especial",
    );
    const missing = await t.request("/api/admin-setup", { body: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /^Erro de validação: Email inválido, Senha deve ter pelo menos 12 caracteres/,
    );
    expect(await status()).toBe(false);
  });

  it("creates the first super admin, who can sign in and is audited", async () => {
    expect(await status()).toBe(false);
    const response = await t.request("/api/admin-setup", {
      body: { email: " Root@Nexo.Example.com ", password: STRONG },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { id: string; email: string }; message: string };
    expect(body.message).toBe("Super admin criado com sucesso! Você já pode fazer login.");
    expect(body.data.email).toBe("root@nexo.example.com");
    expect(await status()).toBe(true);

    const roles = await t.database.owner.select().from(userRoles).where(eq(userRoles.userId, body.data.id));
    expect(roles.map((r) => r.role)).toEqual(["super_admin"]);
    const audit = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.action, "create_super_admin"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: body.data.id, resourceId: body.data.id, ipAddress: "203.0.113.10" });

    const signIn = await t.request("/api/auth/sign-in/email", {
      body: { email: "root@nexo.example.com", password: STRONG },
    });
    expect(signIn.status).toBe(200);
    const me = await t.request("/api/me", { cookie: sessionCookieFrom(signIn) });
    expect(((await me.json()) as { user: { isSuperAdmin: boolean } }).user.isSuperAdmin).toBe(true);
  });

  it("refuses a second super admin with 409 and a clear message", async () => {
    const response = await t.request("/api/admin-setup", {
      body: { email: "outro@nexo.example.com", password: STRONG },
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: "conflict",
      message: "O super admin já foi criado. Faça login para continuar.",
    });
    const admins = await t.database.owner.select().from(userRoles).where(eq(userRoles.role, "super_admin"));
    expect(admins).toHaveLength(1);
  });
});

describe("admin setup race", () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it("lets exactly one of two simultaneous requests create the super admin", async () => {
    const responses = await Promise.all(
      ["primeiro@nexo.example.com", "segundo@nexo.example.com"].map((email) =>
        fresh.request("/api/admin-setup", { body: { email, password: STRONG } }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const admins = await fresh.database.owner.select().from(userRoles).where(eq(userRoles.role, "super_admin"));
    expect(admins).toHaveLength(1);
  });
});
