import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { type Database, queryRows } from "./client.ts";

/** drizzle/ of the checkout this module runs from: src/server/db/ in development, dist/server/ once bundled. */
export const MIGRATIONS_FOLDER = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`Pasta drizzle/ das migrações não encontrada acima de ${from}.`);
  }
}

/** Applies the pending SQL migrations under drizzle/; applying twice is a no-op. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (await isUpToDate(database)) return;
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === "pglite") await migratePglite(database.owner as unknown as PgliteDatabase, config);
  else await withMigrationLock(database.owner, () => migratePg(database.owner as unknown as NodePgDatabase, config));
}

const MIGRATION_LOCK_KEY = 7_031_977; // any constant shared by every Nexo server

/** Several servers starting at once on one PostgreSQL apply the migrations one at a time. */
async function withMigrationLock(db: Database["owner"], fn: () => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await fn();
  });
}

type JournalEntry = { idx: number; when: number; tag: string };

let journalEntries: JournalEntry[] | null = null;

/** The migrations this build ships, read once per process (GET /api/health names the newest applied). */
function readJournal(): JournalEntry[] {
  journalEntries ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }
  ).entries;
  return journalEntries;
}

/** created_at of the newest applied migration, or null on a database never migrated. */
async function newestAppliedAt(database: Database): Promise<number | null> {
  const [table] = await queryRows<{ exists: boolean }>(
    database.owner,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return null;
  const [newest] = await queryRows<{ created_at: string | null }>(
    database.owner,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  return newest?.created_at == null ? null : Number(newest.created_at);
}

/**
 * The start's cheap path: drizzle's migrator applies exactly the journal entries newer than the newest
 * applied one, so when that one is the journal's last there is nothing to do (and no lock to take).
 */
async function isUpToDate(database: Database): Promise<boolean> {
  const appliedAt = await newestAppliedAt(database);
  const newestInJournal = Math.max(...readJournal().map((entry) => entry.when));
  return appliedAt !== null && appliedAt >= newestInJournal;
}

/** The tag of the newest applied migration (e.g. "0001_rls"), or null before the first. */
export async function appliedMigration(database: Database): Promise<string | null> {
  const [newest] = await queryRows<{ created_at: string }>(
    database.owner,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!newest) return null;
  return readJournal().find((entry) => String(entry.when) === String(newest.created_at))?.tag ?? null;
}
