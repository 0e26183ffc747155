import { MIGRATIONS_FOLDER } from "#server/db/migrate.ts";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { countRows, openOldDataDir } from "@nexo/pglite-v03";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createDeps, prepareDatabase } from "#server/bootstrap.ts";
import { openDatabase, pgliteDatabase, queryRows } from "#server/db/client.ts";
import { DEMO_SUPER_ADMIN, seedDemo } from "#tests/factories/demo-data.ts";
import { TEST_ORIGIN, testConfig } from "#tests/support/test-app.ts";
import { skipUnlessDatabase } from "#tests/support/test-database.ts";

const DEMO_PASSWORD = "Nexo@Demo2026";
const dataDir = mkdtempSync(path.join(tmpdir(), "nexo-upgrade-"));
const pgdata = path.join(dataDir, "pgdata");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** DATA_DIR as today's release leaves it: PGlite 0.3, migrated and holding the README's demo. */
async function writeOldDataDir(): Promise<Record<string, number>> {
  const client = await openOldDataDir(pgdata);
  // The old release's PGlite answers the same public API the app's database is built on.
  const database = pgliteDatabase(client as never);
  await prepareDatabase(database);
  await seedDemo(createDeps(testConfig({ dataDir }), database).auth, database.owner);
  // As the release before migration 0020 left it: crm_search_text calling crm_fold unqualified,
  // which a dump restored under an empty search_path cannot resolve unless the upgrade fixes it.
  const landed = readFileSync(path.join(MIGRATIONS_FOLDER, "0013_crm.sql"), "utf8")
    .split("--> statement-breakpoint")
    .find((statement) => statement.includes("FUNCTION crm_search_text"));
  if (!landed?.includes("SELECT crm_fold(")) throw new Error("0013 no longer holds the unqualified crm_search_text");
  await client.exec(landed);
  const counts = await countRows(client);
  await client.close();
  return counts;
}

// A DATA_DIR is the embedded database's: there is nothing to upgrade on a PostgreSQL server.
const upgradeSkipped = skipUnlessDatabase("pglite", "DATA_DIR upgrade from PGlite 0.3: embedded database only");
describe.skipIf(upgradeSkipped)("a DATA_DIR of PGlite 0.3", () => {
  it("is dumped, restored into PGlite 0.5 with every table and row, kept as a dated backup, and signs in as before", async () => {
    const before = await writeOldDataDir();
    expect(readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim()).toBe("17");
    expect(before['public."user"']).toBeGreaterThan(10);

    const database = await openDatabase({ dataDir });
    try {
      expect(readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim()).toBe("18");
      const [backup] = readdirSync(dataDir).filter((name) => /^pgdata-pg17-backup-\d{8}T\d{6}$/.test(name));
      expect(backup).toBeDefined();
      expect(readFileSync(path.join(dataDir, backup, "PG_VERSION"), "utf8").trim()).toBe("17");
      expect(existsSync(`${pgdata}.upgrading`) || existsSync(`${pgdata}.upgraded`)).toBe(false);

      await prepareDatabase(database); // no migration is pending: the journal came along
      const after = await countRows({
        query: async (text) => ({ rows: await queryRows(database.owner, sql.raw(text)) }),
      });
      expect(after).toEqual(before);

      const app = createApp(createDeps(testConfig({ dataDir }), database), { serveWeb: false });
      const signIn = await app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.10" },
        body: JSON.stringify({ email: DEMO_SUPER_ADMIN, password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await database.close();
    }

    // The next start finds PostgreSQL 18 files and leaves them alone.
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pgdata-pg17-backup-"))).toHaveLength(1);
  }, 300_000);
});
