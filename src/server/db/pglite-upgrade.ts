import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { OldDatabaseDump, OldRole, RowCounts } from "@nexo/pglite-v03";
import { PGLITE_EXTENSIONS } from "./client.ts";
import { MIGRATIONS_FOLDER } from "./migrate.ts";

/** The PostgreSQL major of this release's PGlite (0.5); PG_VERSION of a data directory names the one that wrote it. */
export const PGLITE_PG_MAJOR = "18";
/** What Nexo ≤ 0.1 wrote (PGlite 0.3). */
const OLD_PG_MAJOR = "17";

export type DataDirUpgrade = { backupDir: string; rowCounts: RowCounts; ms: number };

function pgMajorOf(pgdata: string): string | null {
  const file = path.join(pgdata, "PG_VERSION");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/** pgdata-pg17-backup-20261125T041500: the old directory, dated, beside the new one. */
function backupDirOf(pgdata: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").slice(0, 15);
  return `${pgdata}-pg${OLD_PG_MAJOR}-backup-${stamp}`;
}

function createRoleStatement(role: OldRole): string {
  const name = `"${role.name.replaceAll('"', '""')}"`;
  const flags = [role.canLogin ? "LOGIN" : "NOLOGIN", role.inherit ? "INHERIT" : "NOINHERIT"];
  flags.push(role.bypassRls ? "BYPASSRLS" : "NOBYPASSRLS");
  return `CREATE ROLE ${name} ${flags.join(" ")};`;
}

function differences(expected: RowCounts, actual: RowCounts): string[] {
  const tables = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...tables]
    .filter((table) => expected[table] !== actual[table])
    .map((table) => `${table}: ${expected[table] ?? "ausente"} → ${actual[table] ?? "ausente"}`);
}

/**
 * A directory of the release before migration 0020 holds crm_search_text calling crm_fold
 * unqualified, which a restore (empty search_path) cannot resolve: 0020 is applied to it first.
 */
async function qualifyCrmSearchText(pg: {
  query(sql: string): Promise<{ rows: unknown[] }>;
  exec(sql: string): Promise<unknown>;
}): Promise<void> {
  const { rows } = await pg.query("select to_regprocedure('public.crm_search_text(text,text,text,text)') as fn");
  if ((rows[0] as { fn: string | null }).fn === null) return;
  await pg.exec(readFileSync(path.join(MIGRATIONS_FOLDER, "0020_crm_search_text_qualified.sql"), "utf8"));
}

/** Restores the old database's dump into a new PGlite directory and checks it holds the same tables and rows. */
async function restoreInto(
  dir: string,
  dump: OldDatabaseDump,
  countRows: (pg: PGlite) => Promise<RowCounts>,
): Promise<void> {
  const pg = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
  try {
    // pg_dump dumps one database; its roles (nexo_app) are the cluster's, so they come first.
    for (const role of dump.roles) await pg.exec(createRoleStatement(role));
    await pg.exec(dump.sql);
    await pg.exec("SET search_path TO public");
    const wrong = differences(dump.rowCounts, await countRows(pg));
    if (wrong.length) throw new Error(`a cópia atualizada difere da original: ${wrong.join("; ")}`);
  } finally {
    await pg.close();
  }
}

/**
 * A DATA_DIR written by Nexo ≤ 0.1 holds PGlite 0.3's PostgreSQL 17 files, which PGlite 0.5
 * (PostgreSQL 18) cannot open. Before opening, such a directory is dumped with PGlite 0.3's own
 * pg_dump and restored into a new one; once that holds the same tables with the same row counts
 * it takes the old one's place, and the old one stays beside it as a dated backup. A crash at any
 * step leaves the old directory in place (or the verified new one, finished on the next start).
 * Returns what was done, or null when the directory needed nothing.
 */
export async function upgradePgliteDataDir(pgdata: string, now = new Date()): Promise<DataDirUpgrade | null> {
  const verified = `${pgdata}.upgraded`;
  if (!existsSync(pgdata) && existsSync(verified)) renameSync(verified, pgdata); // a crash between the two renames
  if (pgMajorOf(pgdata) !== OLD_PG_MAJOR) return null;
  const started = performance.now();
  const working = `${pgdata}.upgrading`;
  rmSync(working, { recursive: true, force: true });
  rmSync(verified, { recursive: true, force: true });
  console.info(`Atualizando o banco embutido em ${pgdata} (PostgreSQL ${OLD_PG_MAJOR} → ${PGLITE_PG_MAJOR})...`);
  // The old PGlite loads only here, once.
  const { countRows, dumpOldDataDir } = await import("@nexo/pglite-v03");
  const dump = await dumpOldDataDir(pgdata, { beforeDump: qualifyCrmSearchText });
  await restoreInto(working, dump, countRows);
  renameSync(working, verified);
  const backupDir = backupDirOf(pgdata, now);
  renameSync(pgdata, backupDir);
  renameSync(verified, pgdata);
  const ms = Math.round(performance.now() - started);
  const rows = Object.values(dump.rowCounts).reduce((sum, n) => sum + n, 0);
  console.info(
    `Banco embutido atualizado em ${ms} ms: ${Object.keys(dump.rowCounts).length} tabelas, ${rows} linhas conferidas. A cópia anterior ficou em ${backupDir} (pode ser apagada depois de conferir o sistema).`,
  );
  return { backupDir, rowCounts: dump.rowCounts, ms };
}
