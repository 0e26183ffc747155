import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, session, user } from "#server/db/schema.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

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
