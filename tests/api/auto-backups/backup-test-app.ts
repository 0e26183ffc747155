import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows } from "#server/db/client.ts";
import { createLocalDiskStorage } from "#server/storage/local-disk-storage.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

export type BackupTestApp = TestApp & {
  /** The files stored under an agency's automatic backups, by name. */
  storedBackupFiles(agencyId: string): string[];
};

/** The in-process app with its uploads in a temp dir (removed on close) and, optionally, a test clock. */
export async function createBackupTestApp(now?: () => Date): Promise<BackupTestApp> {
  const uploads = mkdtempSync(path.join(tmpdir(), "nexo-backups-"));
  const t = await createTestApp({ deps: { storage: createLocalDiskStorage(uploads), ...(now ? { now } : {}) } });
  return {
    ...t,
    storedBackupFiles: (agencyId) => {
      try {
        return readdirSync(path.join(uploads, "agency-backups", agencyId)).sort();
      } catch {
        return [];
      }
    },
    close: async () => {
      await t.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

export type BackupRow = { id: string; storage_key: string; size: number; created_at: string };

/** The agency's backup rows, newest first, read past row-level security. */
export const backupRowsOf = (t: TestApp, agencyId: string) =>
  queryRows<BackupRow>(
    t.database.owner,
    sql`select id::text, storage_key, size::int as size, created_at::text from agency_backups
         where agency_id = ${agencyId} order by created_at desc, id desc`,
  );

/** A stored backup file opened: gunzipped and parsed, with its text (to look for foreign ids). */
export function openBackup(bytes: Uint8Array): {
  text: string;
  data: Record<string, unknown> & { agency: { id: string } };
} {
  const text = gunzipSync(bytes).toString("utf8");
  return { text, data: JSON.parse(text) };
}

export async function setSetting(t: TestApp, agencyId: string, key: string, value: unknown): Promise<void> {
  await t.database.owner.execute(
    sql`insert into agency_settings (agency_id, setting_key, setting_value)
        values (${agencyId}, ${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (agency_id, setting_key) do update set setting_value = excluded.setting_value`,
  );
}
