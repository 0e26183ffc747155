import { createDeps, prepareDatabase } from "#server/bootstrap.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";
import { seedDemo } from "#tests/factories/demo-data.ts";

/** npm run seed:demo — on the embedded database, run it while the server is stopped. */
async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database);
    const deps = createDeps(config, database);
    const result = await seedDemo(deps.auth, database.owner);
    console.log(`Demo pronta: ${result.aurora.name} e ${result.boreal.name}; senha de todos: Nexo@Demo2026`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
