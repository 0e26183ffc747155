import { type ServerType, serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { DataDirLockedError, lockDataDir } from "./db/data-dir-lock.ts";
import { superAdminExists } from "./features/admin-setup/super-admin-exists.ts";
import { startupPhases } from "./startup-phases.ts";

async function main(): Promise<void> {
  const phases = startupPhases();
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  phases.mark("config");
  // PGlite reads and compiles its WebAssembly (off the main thread) while the HTTP layer's modules load.
  const [database, { createApp }, { createDeps, prepareDatabase }] = await Promise.all([
    openDatabase(config).then((opened) => phases.markAfter("databaseOpen", opened)),
    import("./app.ts").then((module) => phases.markAfter("appModules", module)),
    import("./bootstrap.ts"),
  ]);
  await prepareDatabase(database);
  phases.mark("migrationsSeedAndRoleGuard");
  const deps = createDeps(config, database);
  phases.mark("deps");
  const app = createApp(deps);
  phases.mark("app");
  let jobs: Promise<Jobs> | undefined;
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    phases.mark("listen");
    deps.logger.info(
      { port: config.port, database: database.kind, readyMs: phases.sinceProcessStart(), phases: phases.all() },
      `Nexo pronto em ${config.publicUrl}`,
    );
    jobs = startJobsOnceListening(deps);
    void announceAdminSetup(deps);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, "encerrando");
    await finishInFlightRequests(server);
    await (await jobs)?.stop();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

type Jobs = Awaited<ReturnType<typeof import("./jobs/start-jobs.ts").startJobs>>;

/**
 * Background jobs start once the server answers: after a long stop their catch-up work (and on
 * PGlite every query shares the one connection) would otherwise hold the start. A server whose jobs
 * cannot start stops, as it did when they started first: e-mails would never leave.
 */
function startJobsOnceListening(deps: Deps): Promise<Jobs> {
  // The queues' modules (graphile-worker on PostgreSQL) load here too, off the start's path.
  return import("./jobs/start-jobs.ts")
    .then(({ startJobs }) => startJobs(deps))
    .catch((error: unknown) => {
      deps.logger.fatal({ err: error }, "os jobs em segundo plano não iniciaram; encerrando");
      process.exit(1);
    });
}

/** On a fresh install the log says where the first step is (a warning: it needs someone to act). */
async function announceAdminSetup(deps: Deps): Promise<void> {
  if (await superAdminExists(deps.database.owner)) return;
  deps.logger.warn(
    { adminSetupUrl: `${deps.config.publicUrl}/admin-setup` },
    `Nenhum super admin ainda: crie o primeiro em ${deps.config.publicUrl}/admin-setup`,
  );
}

/** Requests already running may finish (up to a few seconds) before the database closes under them. */
const SHUTDOWN_GRACE_MS = 5_000;

function finishInFlightRequests(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const giveUp = setTimeout(resolve, SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearTimeout(giveUp);
      resolve();
    });
  });
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
