import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ConfigError, loadConfig } from "#server/config.ts";
import { PGLITE_EXTENSIONS } from "#server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";
import { upgradePgliteDataDir } from "#server/db/pglite-upgrade.ts";

/**
 * npm run db:backup [-- arquivo.tar.gz] — the embedded database (DATA_DIR/pgdata) as one file,
 * PGlite's own dump of its data directory (gzip tar). Run it with the server stopped.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) throw new ConfigError("db:backup copia o banco embutido; para um PostgreSQL use pg_dump.");
  const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
  const file = path.resolve(process.argv[2] ?? `nexo-backup-${stamp}.tar.gz`);
  const unlock = lockDataDir(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, "pgdata");
    await upgradePgliteDataDir(pgdata);
    const pg = await PGlite.create({ dataDir: pgdata, extensions: PGLITE_EXTENSIONS });
    try {
      const dump = await pg.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
  } finally {
    unlock();
  }
  console.log(`Cópia do banco embutido gravada em ${file}. Restaure com: npm run db:restore -- ${file}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
