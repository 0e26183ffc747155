import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createDeps, prepareDatabase } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock.ts";
import { startHousekeeping } from "./maintenance/housekeeping.ts";

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const deps = createDeps(config, database);
  const app = createApp(deps);
  const stopHousekeeping = startHousekeeping(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    deps.logger.info(
      { port: config.port, database: database.kind, readyMs: Math.round(performance.now() - started) },
      `Nexo pronto em ${config.publicUrl}`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, "encerrando");
    stopHousekeeping();
    server.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
