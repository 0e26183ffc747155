import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AutoBackupList } from "#domain/schemas/auto-backups.ts";
import { queryRows } from "#server/db/client.ts";
import { writeAutoBackup } from "#server/features/auto-backups/write-auto-backup.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { DEMO_PASSWORD } from "#tests/factories/users.ts";
import { signedInAs } from "../agencies/sign-in.ts";
import { type BackupTestApp, backupRowsOf, createBackupTestApp, openBackup } from "./backup-test-app.ts";

let t: BackupTestApp;
let agencyId: string;
let manager: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createBackupTestApp();
  agencyId = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  manager = await signedInAs(t, "gestor@aurora.example.com", "agency_manager", agencyId);
});
afterAll(() => t.close());

const list = async () => {
  const response = await t.request("/api/agency/backups", { cookie: manager.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as AutoBackupList).backups;
};
const download = (id: string) => t.request(`/api/agency/backups/${id}`, { cookie: manager.cookie });

const exportAudits = () =>
  queryRows<{ user_id: string; agency_id: string; resource_id: string; details: Record<string, unknown> }>(
    t.database.owner,
    sql`select user_id, agency_id, resource_id, details from audit_logs
         where action = 'export_backup' and resource_type = 'agency_backups' order by created_at`,
  );

describe("the agency's automatic backups", () => {
  it("lists none before the first backup", async () => {
    expect(await list()).toEqual([]);
  });

  it("lists each backup newest first with its date and the size of its file", async () => {
    const older = await writeAutoBackup(t.deps, agencyId, new Date("2026-11-01T03:00:00.000Z"));
    const newer = await writeAutoBackup(t.deps, agencyId, new Date("2026-11-08T03:00:00.000Z"));
    expect(await list()).toEqual([
      { id: newer.id, createdAt: "2026-11-08T03:00:00.000Z", size: newer.size },
      { id: older.id, createdAt: "2026-11-01T03:00:00.000Z", size: older.size },
    ]);
  });

  it("downloads a backup as a gzipped attachment holding the agency, and audits the download first", async () => {
    const [newest] = await list();
    const response = await download(newest.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toContain(
      'filename="nexo-backup-agencia-aurora-2026-11-08-0300.json.gz"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(newest.size);
    const { data } = openBackup(bytes);
    expect(data.agency.id).toBe(agencyId);
    expect(data.formatVersion).toBe(2);
    expect(await exportAudits()).toEqual([
      {
        user_id: manager.id,
        agency_id: agencyId,
        resource_id: newest.id,
        details: { createdAt: newest.createdAt, size: newest.size },
      },
    ]);
  });

  it("asks for the password again when the session's last confirmation is older than ten minutes", async () => {
    const [newest] = await list();
    const audits = (await exportAudits()).length;
    await t.database.owner.execute(
      sql`update session set created_at = now() - interval '11 minutes', reauthenticated_at = null
          where user_id = ${manager.id}`,
    );
    const stale = await download(newest.id);
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("reauthentication_required");
    expect(await exportAudits()).toHaveLength(audits);
    const confirmed = await t.request("/api/me/reauthenticate", {
      cookie: manager.cookie,
      body: { password: DEMO_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    expect((await download(newest.id)).status).toBe(200);
    expect(await exportAudits()).toHaveLength(audits + 1);
  });

  it("answers 404 for an id that names no backup and for a backup whose file is gone", async () => {
    expect((await download("not-an-id")).status).toBe(404);
    expect((await download(crypto.randomUUID())).status).toBe(404);
    const [newest] = await backupRowsOf(t, agencyId);
    await t.deps.storage.remove(newest.storage_key);
    const missing = await download(newest.id);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe("Backup não encontrado");
  });
});
