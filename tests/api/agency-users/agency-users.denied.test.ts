import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgencyUsersPage } from "#domain/schemas/agency-users.ts";
import { auditLogs, rolePermissions, userRoles } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let aurora: string;
let boreal: string;
let auroraDesigner: string;
let borealClient: string;
beforeAll(async () => {
  t = await createTestApp();
  aurora = (await createAgency(t.database.owner, { name: "Aurora" })).id;
  boreal = (await createAgency(t.database.owner, { name: "Boreal" })).id;
  const db = t.database.owner;
  auroraDesigner = (
    await createUser(t.deps.auth, db, { email: "designer@aurora.com.br", role: "team_designer", agencyId: aurora })
  ).id;
  borealClient = (
    await createUser(t.deps.auth, db, { email: "cliente@boreal.com.br", role: "agency_client", agencyId: boreal })
  ).id;
});
afterAll(() => t.close());

type ErrorBody = { error: { message: string } };
const changeRole = (cookie: string, userId: string, role: string) =>
  t.request(`/api/agency/users/${userId}/role`, { method: "PUT", body: { role }, cookie });
const roleOf = async (userId: string) =>
  (await t.database.owner.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)))[0]
    ?.role;

describe("agency users denied", () => {
  it("answers 401 without a session", async () => {
    for (const path of ["/api/agency/users", "/api/agency/users/summary", "/api/agency/role-permissions"]) {
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await changeRole("", auroraDesigner, "user")).status).toBe(401);
  });

  it.each(["team_designer", "project_manager", "customer_support", "agency_client", "user"] as const)(
    "refuses %s (no users permission in the seeded map) with 403",
    async (role) => {
      const caller = await signedInAs(t, `${role}-caller@aurora.com.br`, role, aurora);
      for (const path of ["/api/agency/users", "/api/agency/users/summary", "/api/agency/role-permissions"]) {
        expect((await t.request(path, { cookie: caller.cookie })).status).toBe(403);
      }
      expect((await changeRole(caller.cookie, auroraDesigner, "user")).status).toBe(403);
      expect(await roleOf(auroraDesigner)).toBe("team_designer");
    },
  );

  it("checks view and edit separately", async () => {
    const closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora);
    const grant = (flags: Partial<typeof rolePermissions.$inferInsert>) =>
      t.database.owner
        .update(rolePermissions)
        .set(flags)
        .where(and(eq(rolePermissions.role, "sales_closer"), eq(rolePermissions.module, "users")));
    await grant({ canView: true });
    expect((await t.request("/api/agency/users", { cookie: closer.cookie })).status).toBe(200);
    expect((await changeRole(closer.cookie, auroraDesigner, "sales_ldr")).status).toBe(403);
    await grant({ canView: true, canEdit: true });
    expect((await changeRole(closer.cookie, auroraDesigner, "sales_ldr")).status).toBe(200);
    expect(await roleOf(auroraDesigner)).toBe("sales_ldr");
  });

  it("refuses granting above the caller's rank and changing someone ranked above", async () => {
    const pm = await signedInAs(t, "pm-editor@aurora.com.br", "project_manager", aurora);
    await t.database.owner
      .update(rolePermissions)
      .set({ canView: true, canEdit: true })
      .where(and(eq(rolePermissions.role, "project_manager"), eq(rolePermissions.module, "users")));
    const up = await changeRole(pm.cookie, auroraDesigner, "agency_manager");
    expect(up.status).toBe(403);
    expect(((await up.json()) as ErrorBody).error.message).toBe("Você não pode atribuir uma função acima da sua");

    const boss = await createUser(t.deps.auth, t.database.owner, {
      email: "chefe@aurora.com.br",
      role: "agency_manager",
      agencyId: aurora,
    });
    const down = await changeRole(pm.cookie, boss.id, "user");
    expect(down.status).toBe(403);
    expect(((await down.json()) as ErrorBody).error.message).toBe(
      "Você não pode alterar a função de um usuário com função acima da sua",
    );
    expect(await roleOf(boss.id)).toBe("agency_manager");
    expect((await changeRole(pm.cookie, auroraDesigner, "project_manager")).status).toBe(200);
  });

  it("keeps agencies apart: Aurora's manager neither lists nor changes Boreal's users", async () => {
    const manager = await signedInAs(t, "gestor@aurora.com.br", "agency_manager", aurora);
    const page = (await (await t.request("/api/agency/users", { cookie: manager.cookie })).json()) as AgencyUsersPage;
    expect(page.users.map((row) => row.id)).not.toContain(borealClient);
    expect(page.users.every((row) => row.email.endsWith("@aurora.com.br"))).toBe(true);
    const response = await changeRole(manager.cookie, borealClient, "user");
    expect(response.status).toBe(404);
    expect(await roleOf(borealClient)).toBe("agency_client");
    const audit = await t.database.owner.select().from(auditLogs).where(eq(auditLogs.resourceId, borealClient));
    expect(audit).toHaveLength(0);
  });

  it("answers 409 to a user without an agency", async () => {
    const loner = await signedInAs(t, "sozinho@exemplo.com.br", "agency_manager", null);
    expect((await t.request("/api/agency/users", { cookie: loner.cookie })).status).toBe(409);
    expect((await changeRole(loner.cookie, auroraDesigner, "user")).status).toBe(409);
  });
});
