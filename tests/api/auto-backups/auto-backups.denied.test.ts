import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "#domain/roles.ts";
import type { AutoBackupList } from "#domain/schemas/auto-backups.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { writeAutoBackup } from "#server/features/auto-backups/write-auto-backup.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { type BackupTestApp, createBackupTestApp } from "./backup-test-app.ts";

let t: BackupTestApp;
let aurora: string;
let boreal: string;
let auroraBackup: string;
let borealManager: Awaited<ReturnType<typeof signedInAs>>;
let auroraManager: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createBackupTestApp();
  aurora = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  boreal = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  auroraBackup = (await writeAutoBackup(t.deps, aurora, new Date())).id;
  auroraManager = await signedInAs(t, "gestor@aurora.example.com", "agency_manager", aurora);
  borealManager = await signedInAs(t, "gestor@boreal.example.com", "agency_manager", boreal);
});
afterAll(() => t.close());

const exportAudits = async () =>
  (
    await queryRows<{ count: number }>(
      t.database.owner,
      sql`select count(*)::int as count from audit_logs where action = 'export_backup'`,
    )
  )[0].count;

const routes = () => ["/api/agency/backups", `/api/agency/backups/${auroraBackup}`];

describe("automatic backups access", () => {
  it("answers 401 without a session", async () => {
    for (const path of routes()) expect((await t.request(path)).status, path).toBe(401);
  });

  it("never shows nor hands another agency's backup: its list is its own, the id is 404", async () => {
    const listed = await t.request("/api/agency/backups", { cookie: borealManager.cookie });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as AutoBackupList).backups).toEqual([]);
    const foreign = await t.request(`/api/agency/backups/${auroraBackup}`, { cookie: borealManager.cookie });
    expect(foreign.status).toBe(404);
    expect(await exportAudits()).toBe(0);
  });

  it("answers 403 to every role without configuracoes (all but the manager)", async () => {
    for (const role of ROLES.filter((r) => r !== "super_admin" && r !== "agency_manager")) {
      const { cookie } = await signedInAs(t, `${role}@aurora.example.com`, role, aurora);
      for (const path of routes()) {
        expect((await t.request(path, { cookie })).status, `${role} ${path}`).toBe(403);
      }
    }
    expect(await exportAudits()).toBe(0);
  });

  it("answers 403 to a role that may see the settings but not edit them, and the database hides the rows too", async () => {
    await t.database.owner.execute(
      sql`update role_permissions set can_edit = false where role = 'agency_manager' and module = 'configuracoes'`,
    );
    try {
      expect((await t.request("/api/agency/settings", { cookie: auroraManager.cookie })).status).toBe(200);
      for (const path of routes()) {
        expect((await t.request(path, { cookie: auroraManager.cookie })).status, path).toBe(403);
      }
      const seen = await withTenant(
        t.database,
        { userId: auroraManager.id, agencyId: aurora, isSuperAdmin: false },
        (tx) => queryRows(tx, sql`select id from agency_backups`),
      );
      expect(seen).toEqual([]);
    } finally {
      await t.database.owner.execute(
        sql`update role_permissions set can_edit = true where role = 'agency_manager' and module = 'configuracoes'`,
      );
    }
    expect((await t.request("/api/agency/backups", { cookie: auroraManager.cookie })).status).toBe(200);
    expect(await exportAudits()).toBe(0);
  });
});
