import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ConfigError, loadConfig } from "#server/config.ts";
import { PGLITE_EXTENSIONS } from "#server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";

/**
 * npm run db:restore -- arquivo.tar.gz — replaces the embedded database with a db:backup file.
 * The current one is kept beside it (pgdata-before-restore-<date>). Run it with the server stopped.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new ConfigError("db:restore restaura o banco embutido; para um PostgreSQL use psql/pg_restore.");
  const file = process.argv[2];
  if (!file || !existsSync(file))
    throw new ConfigError("Informe o arquivo: npm run db:restore -- nexo-backup-<data>.tar.gz");
  const unlock = lockDataDir(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, "pgdata");
    const restoring = `${pgdata}.restoring`;
    rmSync(restoring, { recursive: true, force: true });
    const pg = await PGlite.create({
      dataDir: restoring,
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: PGLITE_EXTENSIONS,
    });
    const [{ tables }] = (
      await pg.query<{ tables: number }>("select count(*)::int as tables from pg_tables where schemaname = 'public'")
    ).rows;
    await pg.close();
    if (!tables) throw new ConfigError(`${file} não contém um banco do Nexo (nenhuma tabela).`);
    const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
    const previous = `${pgdata}-before-restore-${stamp}`;
    if (existsSync(pgdata)) renameSync(pgdata, previous);
    renameSync(restoring, pgdata);
    console.log(
      `Banco embutido restaurado de ${file} (${tables} tabelas).` +
        (existsSync(previous) ? ` O anterior ficou em ${previous}.` : ""),
    );
  } finally {
    unlock();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
