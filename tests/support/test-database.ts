import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, type OnQuery, PGLITE_EXTENSIONS, pgliteDatabase, postgresDatabase } from "#server/db/client.ts";
import { adminUrl, goldenPglitePath, goldenPostgresName } from "./golden.ts";

export const TEST_DB_KIND = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

const PASS_NAMES = { postgres: "PostgreSQL", pglite: "PGlite" } as const;

/**
 * Whether a test that runs only on `kind` is skipped in this pass; when it is, prints why (a skip
 * never goes unexplained). For `describe.skipIf` / `it.skipIf`.
 */
export function skipUnlessDatabase(kind: keyof typeof PASS_NAMES, why: string): boolean {
  const skipped = TEST_DB_KIND !== kind;
  if (skipped) console.log(`[skip] ${why}; the ${PASS_NAMES[kind]} pass runs this test`);
  return skipped;
}

/**
 * A fresh database for one test file: PGlite loaded from the golden dump, or on PostgreSQL a
 * new database copied from the golden template and dropped on close. `onQuery` is told of every
 * statement sent (tests that count round trips).
 */
export async function createTestDatabase({ onQuery }: { onQuery?: OnQuery } = {}): Promise<Database> {
  if (TEST_DB_KIND === "pglite") {
    const dump = new Blob([readFileSync(goldenPglitePath())]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    return pgliteDatabase(client, { onQuery });
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `nexo_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${goldenPostgresName()}"`);
  await admin.end();
  const database = postgresDatabase(adminUrl(url, name), { max: 5, onQuery });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
