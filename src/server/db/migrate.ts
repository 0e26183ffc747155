import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { type Database, queryRows } from "./client.ts";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** Applies the pending SQL migrations under drizzle/; applying twice is a no-op. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === "pglite") await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await withMigrationLock(database.db, () => migratePg(database.db as unknown as NodePgDatabase, config));
}

const MIGRATION_LOCK_KEY = 7_031_977; // any constant shared by every Nexo server

/** Several servers starting at once on one PostgreSQL apply the migrations one at a time. */
async function withMigrationLock(db: Database["db"], fn: () => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await fn();
  });
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The tag of the newest applied migration (e.g. "0001_rls"), or null before the first. */
export async function appliedMigration(database: Database): Promise<string | null> {
  const [newest] = await queryRows<{ created_at: string }>(
    database.db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!newest) return null;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries.find((entry) => String(entry.when) === String(newest.created_at))?.tag ?? null;
}
