import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PermissionBackup, PermissionTemplate } from "#domain/schemas/permissions.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { expectForbiddenToEveryRoleButSuperAdmin, expectStatusFromEach } from "#tests/support/route-refusal.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { ok, permissionSet } from "./permissions-api.ts";

let t: TestApp;
let agencyId: string;
let admin: { cookie: string };
let template: PermissionTemplate;
let backup: PermissionBackup;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Fechada" })).id;
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
  template = await ok(
    t,
    "/api/admin/permissions/templates",
    { cookie: admin.cookie, body: { name: "Base", role: "user" } },
    201,
  );
  backup = await ok(t, "/api/admin/permissions/backups", { cookie: admin.cookie, method: "POST" }, 201);
});
afterAll(() => t.close());

const validImport = JSON.stringify({
  permissions: [{ role: "user", module: "users", can_view: true, can_create: true, can_edit: true, can_delete: true }],
});

function permissionAdminRoutes() {
  const base = "/api/admin/permissions";
  return [
    { method: "GET", path: base },
    { method: "PATCH", path: base, body: { role: "user", module: "users", action: "edit", enabled: true } },
    { method: "GET", path: `${base}/templates` },
    { method: "POST", path: `${base}/templates`, body: { name: "Intruso", role: "user" } },
    { method: "POST", path: `${base}/templates/${template.id}/apply`, body: { role: "agency_client" } },
    { method: "DELETE", path: `${base}/templates/${template.id}` },
    { method: "GET", path: `${base}/backups` },
    { method: "POST", path: `${base}/backups` },
    { method: "POST", path: `${base}/backups/${backup.id}/restore` },
    { method: "DELETE", path: `${base}/backups/${backup.id}` },
    { method: "GET", path: `${base}/export` },
    { method: "POST", path: `${base}/import`, body: { data: validImport } },
  ];
}

async function snapshot() {
  return {
    permissions: await permissionSet(t, admin.cookie),
    templates: await ok<PermissionTemplate[]>(t, "/api/admin/permissions/templates", admin),
    backups: await ok<PermissionBackup[]>(t, "/api/admin/permissions/backups", admin),
  };
}

describe("permission administration routes", () => {
  it("answer 401 without a session", async () => {
    await expectStatusFromEach(t, permissionAdminRoutes(), 401, { label: "anônimo" });
  });

  it("answer 403 to every role but super admin, and change nothing", async () => {
    const before = await snapshot();
    await expectForbiddenToEveryRoleButSuperAdmin(t, permissionAdminRoutes(), agencyId, "permissoes.example.com");
    expect(await snapshot()).toEqual(before);
  });
});

describe("permission matrix route", () => {
  it("answers viewers of portal_permissoes and refuses everyone else", async () => {
    const manager = await signedInAs(t, "gestor@matriz.example.com", "agency_manager", agencyId);
    const rows = await ok<unknown[]>(t, "/api/permissions/matrix", manager);
    expect(rows.length).toBeGreaterThan(0);
    for (const role of ["project_manager", "team_designer", "agency_client", "user"] as const) {
      const other = await signedInAs(t, `${role}@matriz.example.com`, role, agencyId);
      expect((await t.request("/api/permissions/matrix", { cookie: other.cookie })).status, role).toBe(403);
    }
    expect((await t.request("/api/permissions/matrix")).status).toBe(401);
  });
});
