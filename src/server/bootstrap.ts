import path from "node:path";
import pino from "pino";
import { createAuth } from "./auth/auth.ts";
import { createApiKeyStore } from "./auth/api-key.ts";
import { createEpochCache } from "./auth/epoch-cache.ts";
import { createSessionStore } from "./auth/session-user.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedRolePermissions } from "./db/seed-permissions.ts";
import { assertAppRoleIsConfined } from "./db/tenant.ts";
import type { Deps } from "./deps.ts";
import { createMailer } from "./mail/create-mailer.ts";
import { createStreamBatcher } from "./features/notifications/stream-batcher.ts";
import { createNotificationHub } from "./notifications/notification-hub.ts";
import { createLocalDiskStorage } from "./storage/local-disk-storage.ts";

/** Migrations, the permission seed and the RLS guard: everything a database needs before use. */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  // PostgreSQL's job queue (graphile-worker) keeps its own schema; PGlite uses migration 0012's. Loaded
  // here only (~0.5 MB bundled with its configuration loaders): an embedded server never needs it.
  if (database.connectionString) {
    const { installGraphileWorker } = await import("./jobs/graphile-queue.ts");
    await installGraphileWorker(database.connectionString);
  }
  await seedRolePermissions(database.owner);
  await assertAppRoleIsConfined(database.owner);
}

export function createDeps(config: Config, database: Database, overrides: Partial<Deps> = {}): Deps {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  return {
    config,
    database,
    auth: createAuth(config, database.owner),
    sessions: createSessionStore(database.owner, (error) =>
      logger.warn({ err: error }, "atividade da sessão não registrada"),
    ),
    epochCache: createEpochCache(),
    apiKeys: createApiKeyStore(database),
    logger,
    mailer: createMailer(config, database.owner, logger),
    notifications: createNotificationHub(database),
    liveStreams: createStreamBatcher(database, (error) =>
      logger.warn({ err: error }, "envio de notificação ao vivo falhou"),
    ),
    storage: createLocalDiskStorage(path.join(config.dataDir, "uploads")),
    now: () => new Date(),
    ...overrides,
  };
}
