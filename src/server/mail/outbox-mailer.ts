import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { Mail, Mailer } from "./mailer.ts";

/**
 * Keeps the message in email_outbox (unsent) and logs a line, so an operator without SMTP still
 * finds every invite link. It writes on the owner connection: the outbox is not tenant data.
 */
export function createOutboxMailer(db: Db, logger: Logger): Mailer {
  return {
    async send(mail: Mail) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.text })
        .returning({ id: emailOutbox.id });
      logger.info({ outboxId: row.id, to: mail.to, subject: mail.subject }, "e-mail guardado na caixa de saída");
      return "outbox";
    },
  };
}
