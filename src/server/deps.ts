import type { Logger } from "pino";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";

/** Everything a route or service may need, built once at start (or per test). */
export type Deps = {
  config: Config;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Outgoing e-mail (SMTP or the outbox table), replaceable in tests to capture messages. */
  mailer: Mailer;
  /** The clock, replaceable in tests (lockout windows, invite expiry). */
  now: () => Date;
};
