import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODULES } from "#domain/modules.ts";
import { ROLES } from "#domain/roles.ts";
import {
  importRefused,
  PERMISSION_MESSAGES,
  type PermissionBackup,
  type PermissionRecord,
  type PermissionsExport,
  type PermissionTemplate,
} from "#domain/schemas/permissions.ts";
import { auditLogs } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { DEMO_PASSWORD } from "#tests/factories/users.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { flagsOf, ok, permissionSet } from "./permissions-api.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let manager: Awaited<ReturnType<typeof signedInAs>>;
const BASE = "/api/admin/permissions";

beforeAll(async () => {
  t = await createTestApp();
  const agency = await createAgency(t.database.owner, { name: "Aurora" });
  admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
  manager = await signedInAs(t, "gestor@aurora.com.br", "agency_manager", agency.id);
});
afterAll(() => t.close());

const toggle = (role: string, module: string, action: string, enabled: boolean) =>
  t.request(BASE, { method: "PATCH", cookie: admin.cookie, body: { role, module, action, enabled } });

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}

async function auditActions(): Promise<string[]> {
  const rows = await t.database.owner.select({ action: auditLogs.action }).from(auditLogs);
  return rows.map((row) => row.action);
}

describe("role-permission table", () => {
  it("lists one row per role and module", async () => {
    const set = await permissionSet(t, admin.cookie);
    expect(set.size).toBe(ROLES.length * MODULES.length);
  });

  it("keeps create/edit/delete implying view, on the server", async () => {
    expect(flagsOf(await permissionSet(t, admin.cookie), "user", "crm_contatos")?.can_view).toBe(false);
    expect((await toggle("user", "crm_contatos", "edit", true)).status).toBe(200);
    expect(flagsOf(await permissionSet(t, admin.cookie), "user", "crm_contatos")).toEqual({
      can_view: true,
      can_create: false,
      can_edit: true,
      can_delete: false,
    });
    expect((await toggle("user", "crm_contatos", "view", false)).status).toBe(200);
    expect(flagsOf(await permissionSet(t, admin.cookie), "user", "crm_contatos")).toEqual({
      can_view: false,
      can_create: false,
      can_edit: false,
      can_delete: false,
    });
    const [record] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "change_permissions"), eq(auditLogs.resourceId, "user:crm_contatos")));
    expect(record?.userId).toBe(admin.id);
  });

  it("refuses to edit super admin rows and unknown modules", async () => {
    expect(await errorOf(await toggle("super_admin", "users", "view", false))).toEqual({
      status: 400,
      message: PERMISSION_MESSAGES.superAdminLocked,
    });
    expect((await toggle("user", "modulo_inexistente", "view", true)).status).toBe(400);
    expect(flagsOf(await permissionSet(t, admin.cookie), "super_admin", "users")?.can_view).toBe(true);
  });

  it("a revoked permission takes effect on that role's very next request", async () => {
    expect((await t.request("/api/permissions/matrix", { cookie: manager.cookie })).status).toBe(200);
    expect((await t.request("/api/audit-logs", { cookie: manager.cookie })).status).toBe(200);
    expect((await toggle("agency_manager", "portal_permissoes", "view", false)).status).toBe(200);
    expect((await t.request("/api/permissions/matrix", { cookie: manager.cookie })).status).toBe(403);
    expect((await toggle("agency_manager", "audit_logs", "view", false)).status).toBe(200);
    expect((await t.request("/api/audit-logs", { cookie: manager.cookie })).status).toBe(403);

    expect((await toggle("agency_manager", "portal_permissoes", "view", true)).status).toBe(200);
    expect((await toggle("agency_manager", "audit_logs", "view", true)).status).toBe(200);
    expect((await t.request("/api/permissions/matrix", { cookie: manager.cookie })).status).toBe(200);
  });
});

describe("templates", () => {
  it("requires a name", async () => {
    const response = await t.request(`${BASE}/templates`, {
      cookie: admin.cookie,
      body: { name: "   ", role: "project_manager" },
    });
    expect(await errorOf(response)).toEqual({ status: 400, message: PERMISSION_MESSAGES.templateNameRequired });
  });

  it("creates from a role, applies to another role (replacing its rows) and deletes", async () => {
    const template = await ok<PermissionTemplate>(
      t,
      `${BASE}/templates`,
      { cookie: admin.cookie, body: { name: "Gestão de projetos", description: "Modelo PM", role: "project_manager" } },
      201,
    );
    expect(Object.keys(template.permissions)).toHaveLength(MODULES.length);
    expect(await ok<PermissionTemplate[]>(t, `${BASE}/templates`, admin)).toEqual([template]);

    await ok(t, `${BASE}/templates/${template.id}/apply`, { cookie: admin.cookie, body: { role: "team_designer" } });
    const set = await permissionSet(t, admin.cookie);
    for (const module of MODULES) {
      expect(flagsOf(set, "team_designer", module), module).toEqual(flagsOf(set, "project_manager", module));
    }
    expect(
      (
        await t.request(`${BASE}/templates/${template.id}/apply`, {
          cookie: admin.cookie,
          body: { role: "super_admin" },
        })
      ).status,
    ).toBe(400);

    await ok(t, `${BASE}/templates/${template.id}`, { cookie: admin.cookie, method: "DELETE" });
    expect(await ok<PermissionTemplate[]>(t, `${BASE}/templates`, admin)).toEqual([]);
    expect(
      (await t.request(`${BASE}/templates/${template.id}`, { cookie: admin.cookie, method: "DELETE" })).status,
    ).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["create_template", "apply_template", "delete_template"]),
    );
  });
});

describe("backups", () => {
  it("restore brings back exactly the backed-up rows", async () => {
    const original = await permissionSet(t, admin.cookie);
    const backup = await ok<PermissionBackup>(t, `${BASE}/backups`, { cookie: admin.cookie, method: "POST" }, 201);
    expect(backup.totalPermissions).toBe(original.size);

    await toggle("agency_client", "crm_pipelines", "delete", true);
    await toggle("agency_manager", "users", "view", false);
    const template = await ok<PermissionTemplate>(
      t,
      `${BASE}/templates`,
      { cookie: admin.cookie, body: { name: "Cliente", role: "agency_client" } },
      201,
    );
    await ok(t, `${BASE}/templates/${template.id}/apply`, { cookie: admin.cookie, body: { role: "sales_closer" } });
    expect(await permissionSet(t, admin.cookie)).not.toEqual(original);

    expect(await ok(t, `${BASE}/backups/${backup.id}/restore`, { cookie: admin.cookie, method: "POST" })).toEqual({
      total_permissions: original.size,
    });
    expect(await permissionSet(t, admin.cookie)).toEqual(original);
    expect(await auditActions()).toEqual(expect.arrayContaining(["create_backup", "restore_backup"]));
  });

  it("restore and re-import keep each row's record scope; a file without scopes gets the role defaults", async () => {
    const scopes = async () =>
      new Map(
        (await ok<{ role: string; module: string; record_scope: string }[]>(t, `${BASE}/scope`, admin)).map((row) => [
          `${row.role}:${row.module}`,
          row.record_scope,
        ]),
      );
    const setScope = (role: string, module: string, recordScope: "all" | "own") =>
      ok(t, `${BASE}/scope`, { cookie: admin.cookie, method: "PATCH", body: { role, module, recordScope } });
    // A salesperson's CRM starts at "own"; widen one row so the backup holds both kinds.
    await setScope("sales_closer", "leads", "all");
    const before = await scopes();
    expect(before.get("sales_closer:crm_pipelines")).toBe("own");
    const backup = await ok<PermissionBackup>(t, `${BASE}/backups`, { cookie: admin.cookie, method: "POST" }, 201);
    const exported = await ok<PermissionsExport>(t, `${BASE}/export`, admin);

    await setScope("sales_closer", "crm_pipelines", "all");
    await setScope("sales_closer", "leads", "own");
    await ok(t, `${BASE}/backups/${backup.id}/restore`, { cookie: admin.cookie, method: "POST" });
    expect(await scopes()).toEqual(before);

    await setScope("agency_client", "projetos_clientes", "all");
    await ok(t, `${BASE}/import`, { cookie: admin.cookie, body: { data: JSON.stringify(exported) } });
    expect(await scopes()).toEqual(before);

    const withoutScopes = exported.permissions
      .filter((row) => row.role === "agency_client")
      .map(({ record_scope: _scope, ...flags }) => flags);
    await setScope("agency_client", "projetos_clientes", "all");
    await ok(t, `${BASE}/import`, {
      cookie: admin.cookie,
      body: { data: JSON.stringify({ permissions: withoutScopes }) },
    });
    expect((await scopes()).get("agency_client:projetos_clientes")).toBe("all");

    // A backup taken before scopes existed restores every row at its role's default.
    const oldStyle = { permissions: exported.permissions.map(({ record_scope: _scope, ...flags }) => flags) };
    await t.database.owner.update(auditLogs).set({ details: oldStyle }).where(eq(auditLogs.id, backup.id));
    await ok(t, `${BASE}/backups/${backup.id}/restore`, { cookie: admin.cookie, method: "POST" });
    const restored = await scopes();
    expect(restored.get("agency_client:projetos_clientes")).toBe("own");
    expect(restored.get("sales_closer:leads")).toBe("own");
    expect(restored.get("sales_closer:crm_pipelines")).toBe("own");
  });

  it("lists the newest 10 and deletes only backups", async () => {
    for (let i = 0; i < 11; i++) await ok(t, `${BASE}/backups`, { cookie: admin.cookie, method: "POST" }, 201);
    const backups = await ok<PermissionBackup[]>(t, `${BASE}/backups`, admin);
    expect(backups).toHaveLength(10);
    expect(backups[0].createdBy).toBe("raiz Teste");

    await ok(t, `${BASE}/backups/${backups[0].id}`, { cookie: admin.cookie, method: "DELETE" });
    const after = await ok<PermissionBackup[]>(t, `${BASE}/backups`, admin);
    expect(after.map((b) => b.id)).not.toContain(backups[0].id);
    expect(await auditActions()).toContain("delete_backup");

    // Another audit row is not a backup: the backup routes do not see it.
    const [other] = await t.database.owner
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "change_permissions"))
      .limit(1);
    expect((await t.request(`${BASE}/backups/${other.id}`, { cookie: admin.cookie, method: "DELETE" })).status).toBe(
      404,
    );
    expect(
      (await t.request(`${BASE}/backups/${other.id}/restore`, { cookie: admin.cookie, method: "POST" })).status,
    ).toBe(404);
    expect(await t.database.owner.select().from(auditLogs).where(eq(auditLogs.id, other.id))).toHaveLength(1);
  });
});

describe("audit log cleanup", () => {
  it("keeps permission backups, which only go one by one", async () => {
    const backup = await ok<PermissionBackup>(t, `${BASE}/backups`, { cookie: admin.cookie, method: "POST" }, 201);
    const longAgo = new Date(Date.now() - 400 * 24 * 3_600_000);
    await t.database.owner.update(auditLogs).set({ createdAt: longAgo });
    // Earlier tests made backups too: this one stays the newest, so the list of 10 shows it.
    await t.database.owner
      .update(auditLogs)
      .set({ createdAt: new Date(longAgo.getTime() + 60_000) })
      .where(eq(auditLogs.id, backup.id));
    await ok(t, "/api/audit-logs/cleanup", { cookie: admin.cookie, body: { days: 30 } });
    const backups = await ok<PermissionBackup[]>(t, `${BASE}/backups`, admin);
    expect(backups.map((b) => b.id)).toContain(backup.id);
    expect(await auditActions()).not.toContain("change_permissions");
  });
});

describe("export and import", () => {
  const importText = (data: string) => t.request(`${BASE}/import`, { cookie: admin.cookie, body: { data } });

  it("exports every row with the file's keys, and imports it back", async () => {
    const exported = await ok<PermissionsExport>(t, `${BASE}/export`, admin);
    expect(Object.keys(exported).sort()).toEqual(["exported_at", "permissions", "total_permissions", "version"]);
    expect(exported.version).toBe("1.0");
    expect(exported.total_permissions).toBe(ROLES.length * MODULES.length);
    const before = await permissionSet(t, admin.cookie);

    await toggle("user", "projects", "view", false);
    await toggle("team_traffic", "tickets", "create", true);
    expect(await ok(t, `${BASE}/import`, { cookie: admin.cookie, body: { data: JSON.stringify(exported) } })).toEqual({
      total_permissions: exported.total_permissions,
    });
    expect(await permissionSet(t, admin.cookie)).toEqual(before);
    expect(await auditActions()).toContain("import_permissions");
  });

  it("asks for the password again when the session's last confirmation is older than ten minutes", async () => {
    const exported = await ok<PermissionsExport>(t, `${BASE}/export`, admin);
    await t.database.owner.execute(
      sql`update session set created_at = now() - interval '11 minutes', reauthenticated_at = null
          where user_id = ${admin.id}`,
    );
    const codeOf = async (response: Response) =>
      [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const;
    expect(await codeOf(await t.request(`${BASE}/export`, { cookie: admin.cookie }))).toEqual([
      403,
      "reauthentication_required",
    ]);
    expect(await codeOf(await importText(JSON.stringify(exported)))).toEqual([403, "reauthentication_required"]);
    const confirmed = await t.request("/api/me/reauthenticate", {
      cookie: admin.cookie,
      body: { password: DEMO_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    expect((await t.request(`${BASE}/export`, { cookie: admin.cookie })).status).toBe(200);
    expect((await importText(JSON.stringify(exported))).status).toBe(200);
  });

  it("refuses a file with one unknown module among valid rows, and changes nothing", async () => {
    const before = await permissionSet(t, admin.cookie);
    const rows: unknown[] = [
      { role: "user", module: "users", can_view: true, can_create: true, can_edit: true, can_delete: true },
      {
        role: "user",
        module: "modulo_fantasma",
        can_view: true,
        can_create: false,
        can_edit: false,
        can_delete: false,
      },
      {
        role: "agency_client",
        module: "crm_pipelines",
        can_view: true,
        can_create: true,
        can_edit: true,
        can_delete: true,
      },
    ];
    const response = await importText(JSON.stringify({ version: "1.0", permissions: rows }));
    expect(await errorOf(response)).toEqual({
      status: 400,
      message: importRefused(['Registro 2: módulo desconhecido "modulo_fantasma"']),
    });
    expect(await permissionSet(t, admin.cookie)).toEqual(before);
  });

  it("refuses, naming each problem, what used to pass unseen: unknown keys, a short file, another version", async () => {
    const exported = await ok<PermissionsExport>(t, `${BASE}/export`, admin);
    const before = await permissionSet(t, admin.cookie);
    const [first, second, ...rest] = exported.permissions;
    // A misspelt record_scope was dropped without a word, and the row imported with the role's default.
    const misspelt = { ...exported, permissions: [first, { ...second, recod_scope: "own" }, ...rest] };
    const refused = await importText(JSON.stringify(misspelt));
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({
      status: 400,
      message: importRefused(['Registro 2: campo desconhecido "recod_scope"']),
    });
    // A file cut short (or edited) no longer matches its own count.
    const cut = { ...exported, permissions: exported.permissions.slice(0, 10) };
    expect((await errorOf(await importText(JSON.stringify(cut)))).message).toBe(
      importRefused([`O arquivo diz ter ${exported.total_permissions} permissões, mas traz 10: pode estar incompleto`]),
    );
    const later = { ...exported, version: "2.0" };
    expect((await errorOf(await importText(JSON.stringify(later)))).message).toBe(
      importRefused(['Versão "2.0" não suportada (esperada "1.0")']),
    );
    // Many problems: the first ten named, the rest counted.
    const broken = {
      permissions: Array.from({ length: 12 }, (_, i) => ({ ...first, module: `fantasma_${i}`, can_edit: "sim" })),
    };
    const message = (await errorOf(await importText(JSON.stringify(broken)))).message;
    expect(message.split("\n")).toHaveLength(12);
    expect(message).toContain(
      '• Registro 1: módulo desconhecido "fantasma_0"\n• Registro 1: can_edit deve ser true ou false',
    );
    expect(message.endsWith("• e mais 14 problemas")).toBe(true);
    expect(await permissionSet(t, admin.cookie)).toEqual(before);
  });

  it("refuses empty, non-JSON and wrongly shaped data with the spec's messages", async () => {
    const row = {
      role: "user",
      module: "users",
      can_view: true,
      can_create: false,
      can_edit: false,
      can_delete: false,
    };
    const cases: [string, string][] = [
      ["", PERMISSION_MESSAGES.importRequired],
      ["   ", PERMISSION_MESSAGES.importRequired],
      ["{não é json", PERMISSION_MESSAGES.invalidFormat],
      ["[]", importRefused(['O arquivo não traz a lista "permissions" de uma exportação de permissões'])],
      [JSON.stringify({ permissions: [] }), importRefused(['A lista "permissions" está vazia'])],
      [
        JSON.stringify({ permissions: [{ ...row, can_view: "sim" }] }),
        importRefused(['Registro 1: can_view deve ser true ou false, não "sim"']),
      ],
      [
        JSON.stringify({ permissions: [{ ...row, role: "dono" }] }),
        importRefused(['Registro 1: função desconhecida "dono"']),
      ],
      [
        JSON.stringify({ permissions: [row, row] }),
        importRefused(['Registros 1 e 2: a mesma função e módulo ("user/users") aparecem duas vezes']),
      ],
    ];
    for (const [data, message] of cases) {
      expect(await errorOf(await importText(data)), data).toEqual({ status: 400, message });
    }
    const missing = await t.request(`${BASE}/import`, { cookie: admin.cookie, body: {} });
    expect(await errorOf(missing)).toEqual({ status: 400, message: PERMISSION_MESSAGES.importRequired });
  });

  it("keeps the invariants on imported rows", async () => {
    const rows: PermissionRecord[] = [
      { role: "user", module: "reports", can_view: false, can_create: false, can_edit: true, can_delete: false },
      { role: "super_admin", module: "users", can_view: false, can_create: false, can_edit: false, can_delete: false },
    ];
    await ok(t, `${BASE}/import`, { cookie: admin.cookie, body: { data: JSON.stringify({ permissions: rows }) } });
    const set = await permissionSet(t, admin.cookie);
    expect(flagsOf(set, "user", "reports")).toEqual({
      can_view: true,
      can_create: false,
      can_edit: true,
      can_delete: false,
    });
    expect(flagsOf(set, "super_admin", "users")).toEqual({
      can_view: true,
      can_create: true,
      can_edit: true,
      can_delete: true,
    });
  });
});
