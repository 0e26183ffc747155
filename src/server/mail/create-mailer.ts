import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "./mailer.ts";
import { createOutboxMailer } from "./outbox-mailer.ts";

export { senderAddress } from "./mail-transport.ts";

/** The outbox, delivered by jobs through SMTP_URL when it is set. */
export function createMailer(config: Config, db: Db, logger: Logger): Mailer {
  return createOutboxMailer(db, logger, { smtp: Boolean(config.smtpUrl) });
}
