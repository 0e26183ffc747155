import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, userRoles } from "#server/db/schema.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, sessionCookieFrom, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = "Admin@Segura2026";

async function userCount(): Promise<number> {
  const [row] = await t.database.owner.select({ n: sql<number>`count(*)::int` }).from(user);
  return row.n;
}

describe("who may not create a super admin", () => {
  it("nobody, once one exists: visitors and signed-in users alike get 409 and nothing is written", async () => {
    const first = await t.request("/api/admin-setup", { body: { email: "raiz@nexo.example.com", password: STRONG } });
    expect(first.status).toBe(201);
    const member = await createUser(t.deps.auth, t.database.owner, { email: "membro@exemplo.com.br" });
    const cookie = sessionCookieFrom(
      await t.request("/api/auth/sign-in/email", { body: { email: member.email, password: member.password } }),
    );
    const before = await userCount();

    for (const options of [{}, { cookie }]) {
      const response = await t.request("/api/admin-setup", {
        body: { email: "tomada@nexo.example.com", password: STRONG },
        ...options,
      });
      expect(response.status).toBe(409);
    }
    expect(await userCount()).toBe(before);
    const admins = await t.database.owner.select().from(userRoles).where(eq(userRoles.role, "super_admin"));
    expect(admins).toHaveLength(1);
  });

  it("a sign-up cannot make a super admin either (the role comes from admin setup only)", async () => {
    const response = await t.request("/api/auth/sign-up/email", {
      body: {
        email: "atalho@exemplo.com.br",
        password: STRONG,
        name: "Atalho Teste",
        firstName: "Atalho",
        lastName: "Teste",
        signupRole: "super_admin",
      },
    });
    expect(response.status).not.toBe(200);
    const admins = await t.database.owner.select().from(userRoles).where(eq(userRoles.role, "super_admin"));
    expect(admins).toHaveLength(1);
  });
});
