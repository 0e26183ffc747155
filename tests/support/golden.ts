import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { prepareDatabase } from "#server/bootstrap.ts";
import { PGLITE_EXTENSIONS, pgliteDatabase, postgresDatabase } from "#server/db/client.ts";
import { MIGRATIONS_FOLDER } from "#server/db/migrate.ts";

export const TMP_DIR = path.resolve(".tmp");

/** Changes whenever a migration or the permission seed changes, so stale goldens are rebuilt. */
export function schemaFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  hash.update(readFileSync(path.resolve("src/domain/permissions.ts")));
  hash.update(readFileSync(path.resolve("src/domain/modules.ts")));
  return hash.digest("hex").slice(0, 12);
}

export function goldenPglitePath(): string {
  return path.join(TMP_DIR, `golden-pglite-${schemaFingerprint()}.tar.gz`);
}

export function goldenPostgresName(): string {
  return `nexo_golden_${schemaFingerprint()}`;
}

/** A migrated, seeded PGlite data dir, dumped once and loaded by every test file. */
export async function ensureGoldenPglite(): Promise<string> {
  const file = goldenPglitePath();
  if (existsSync(file)) return file;
  mkdirSync(TMP_DIR, { recursive: true });
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await prepareDatabase(pgliteDatabase(client));
  const dump = await client.dumpDataDir("gzip");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return file;
}

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A migrated, seeded template database on the test server, copied for every test file. */
export async function ensureGoldenPostgres(url: string): Promise<string> {
  const name = goldenPostgresName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const database = postgresDatabase(adminUrl(url, building), { max: 2 });
    await prepareDatabase(database);
    await database.close();
    await admin.query(`alter database "${building}" rename to "${name}"`).catch(async () => {
      await admin.query(`drop database if exists "${building}"`);
    });
    return name;
  } finally {
    await admin.end();
  }
}
