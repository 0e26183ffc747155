import type { Logger } from "pino";
import type { ApiKeyStore } from "./auth/api-key.ts";
import type { Auth } from "./auth/auth.ts";
import type { EpochCache } from "./auth/epoch-cache.ts";
import type { SessionStore } from "./auth/session-user.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { StreamBatcher } from "./features/notifications/stream-batcher.ts";
import type { NotificationHub } from "./notifications/notification-hub.ts";
import type { FileStorage } from "./storage/file-storage.ts";

/** Everything a route or service may need, built once at start (or per test). */
export type Deps = {
  config: Config;
  database: Database;
  auth: Auth;
  /** Sessions as authorisation reads them (one round trip), and those reused on read requests. */
  sessions: SessionStore;
  /** Answers reused while the auth epoch stands (GET /api/me's permissions and agency preferences). */
  epochCache: EpochCache;
  /** API keys presented as `Authorization: Bearer` (read on every request). */
  apiKeys: ApiKeyStore;
  logger: Logger;
  /** Outgoing e-mail (SMTP or the outbox table), replaceable in tests to capture messages. */
  mailer: Mailer;
  /** The process's one LISTEN for new notifications, fanned out to the connected streams. */
  notifications: NotificationHub;
  /** The open notification streams a change wakes, read together (one statement per agency). */
  liveStreams: StreamBatcher;
  /** Uploaded files (agency logos): DATA_DIR/uploads by default, a temp dir in tests. */
  storage: FileStorage;
  /** The clock, replaceable in tests (lockout windows, invite expiry). */
  now: () => Date;
};
