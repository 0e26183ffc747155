import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "./mailer.ts";
import { createOutboxMailer } from "./outbox-mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

/** SMTP when SMTP_URL is set, otherwise the outbox table plus a log line. */
export function createMailer(config: Config, db: Db, logger: Logger): Mailer {
  const outbox = createOutboxMailer(db, logger);
  if (!config.smtpUrl) return outbox;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return createSmtpMailer(transport, senderAddress(config.publicUrl), outbox, logger);
}

/** "Nexo <no-reply@host>" from the public URL's host name. */
export function senderAddress(publicUrl: string): string {
  return `Nexo <no-reply@${new URL(publicUrl).hostname}>`;
}
