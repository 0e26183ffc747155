import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgency } from "#tests/factories/agencies.ts";
import { expectForbiddenToEveryRoleButSuperAdmin, expectStatusFromEach } from "#tests/support/route-refusal.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInAs } from "./sign-in.ts";

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Fechada" })).id;
});
afterAll(() => t.close());

const validAgency = { name: "Intrusa", slug: "intrusa" };

function superAdminRoutes() {
  return [
    { method: "GET", path: "/api/admin/summary" },
    { method: "GET", path: "/api/admin/agencies" },
    { method: "POST", path: "/api/admin/agencies", body: validAgency },
    {
      method: "PUT",
      path: `/api/admin/agencies/${agencyId}`,
      body: { ...validAgency, subscriptionStatus: "inactive" },
    },
    { method: "POST", path: "/api/admin/users/delete", body: { email: "alguem@exemplo.com.br" } },
    { method: "POST", path: "/api/audit-logs/cleanup", body: { days: 1 } },
    { method: "GET", path: "/api/admin/security" },
    { method: "POST", path: "/api/admin/security/unlock", body: { email: "alguem@exemplo.com.br" } },
    { method: "GET", path: `/api/admin/export/agencies/${agencyId}` },
    { method: "GET", path: "/api/admin/export/platform" },
  ] as const;
}

describe("super admin routes", () => {
  it("answer 401 without a session", async () => {
    await expectStatusFromEach(t, superAdminRoutes(), 401, { label: "anônimo" });
  });

  it("answer 403 to every role but super admin, and change nothing", async () => {
    await expectForbiddenToEveryRoleButSuperAdmin(t, superAdminRoutes(), agencyId, "negado.example.com");
    const agencies = await t.database.owner.query.agencies.findMany();
    expect(agencies.map((a) => [a.name, a.subscriptionStatus])).toEqual([["Agência Fechada", "active"]]);
  });

  it("the audit log is refused to roles without audit_logs view", async () => {
    const { cookie } = await signedInAs(t, "cliente@negado.example.com", "agency_client", agencyId);
    expect((await t.request("/api/audit-logs", { cookie })).status).toBe(403);
    expect((await t.request("/api/audit-logs/stats", { cookie })).status).toBe(403);
    expect((await t.request("/api/audit-logs")).status).toBe(401);
  });
});
