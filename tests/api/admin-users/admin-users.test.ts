import { and, eq, sql } from "drizzle-orm";
import type { AdminUsersPage } from "#domain/schemas/admin-users.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, session, user } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
});
afterAll(() => t.close());

const remove = (email: string, cookie = admin.cookie) =>
  t.request("/api/admin/users/delete", { body: { email }, cookie });
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe("deleting a user", () => {
  it("ends their sessions at once and keeps their audit rows", async () => {
    const agency = await createAgency(t.database.owner, { name: "Aurora" });
    const member = await signedInAs(t, "saindo@aurora.com.br", "user", agency.id);
    // signing in wrote the member's `login` audit row, which must outlive the account
    expect((await t.request("/api/me", { cookie: member.cookie })).status).toBe(200);

    const response = await remove("  Saindo@Aurora.com.br ");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Usuário deletado com sucesso!" });

    expect((await t.request("/api/me", { cookie: member.cookie })).status).toBe(401);
    expect(await t.database.owner.select().from(user).where(eq(user.id, member.id))).toHaveLength(0);
    expect(await t.database.owner.select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
    const rows = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.userId, member.id));
    expect(rows.map((row) => row.action)).toEqual(["login"]);
    const [deletion] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, member.id), eq(auditLogs.action, "delete")));
    expect(deletion).toMatchObject({ action: "delete", resourceType: "user", userId: admin.id });
  });

  it("refuses an empty or invalid e-mail with the spec's message, and an unknown one with 404", async () => {
    for (const email of ["", "nao-e-email"]) {
      const response = await remove(email);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe("Por favor, insira um email válido");
    }
    const unknown = await remove("ninguem@exemplo.com.br");
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe("Usuário não encontrado");
  });

  it("the last super admin cannot be deleted; with two, one may delete the other but not themselves", async () => {
    const last = await remove(admin.email);
    expect(last.status).toBe(409);
    expect(await messageOf(last)).toBe("Não é possível deletar o último super admin da plataforma");

    const second = await signedInAs(t, "segundo@nexo.example.com", "super_admin");
    const self = await remove(admin.email);
    expect(self.status).toBe(409);
    expect(await messageOf(self)).toBe("Você não pode deletar a sua própria conta");

    expect((await remove(second.email)).status).toBe(200);
    expect((await t.request("/api/me", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("Último acesso", () => {
  const lastAccessOf = async (email: string) => {
    const response = await t.request(`/api/admin/users?q=${encodeURIComponent(email)}`, { cookie: admin.cookie });
    const page = (await response.json()) as AdminUsersPage;
    return page.users.find((row) => row.email === email)?.lastAccessAt ?? null;
  };
  const secondsAgo = (instant: string | null) => (Date.now() - Date.parse(instant ?? "")) / 1000;

  it("counts the sign-up that signed the person in, and the activity of their session, not only a sign-in", async () => {
    // Through an invite's link people sign up and stay signed in: no `login` row is ever written.
    const signUp = await t.request("/api/auth/sign-up/email", {
      body: { email: "cadastro@exemplo.com.br", password: "Cadastro@Nexo2026", firstName: "Nova", lastName: "Pessoa" },
    });
    expect(signUp.status).toBe(200);
    expect(secondsAgo(await lastAccessOf("cadastro@exemplo.com.br"))).toBeLessThan(60);

    // Days later, still in the same session: its last activity is the last access.
    const [{ id }] = await t.database.owner
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "cadastro@exemplo.com.br"));
    await t.database.owner.execute(
      sql`update audit_logs set created_at = created_at - interval '3 days' where user_id = ${id}`,
    );
    expect(secondsAgo(await lastAccessOf("cadastro@exemplo.com.br"))).toBeGreaterThan(3 * 86_400 - 60);
    expect((await t.request("/api/me", { cookie: sessionCookieFrom(signUp) })).status).toBe(200);
    expect(secondsAgo(await lastAccessOf("cadastro@exemplo.com.br"))).toBeLessThan(60);
  });

  it("stays 'Nunca' (null) for an account nobody has used", async () => {
    await createUser(t.deps.auth, t.database.owner, { email: "nunca@exemplo.com.br", role: "user" });
    expect(await lastAccessOf("nunca@exemplo.com.br")).toBeNull();
  });
});
