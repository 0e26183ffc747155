import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { DELIVER_EMAIL_JOB } from "./deliver-email-job.ts";
import type { Mail, Mailer } from "./mailer.ts";

/**
 * Keeps every message in email_outbox; with SMTP_URL set, a delivery job (same transaction)
 * sends it and retries until it gives up. Without SMTP the row and a log line are all there is,
 * so an operator still finds every invite link. On the owner connection: the outbox is not tenant data.
 */
export function createOutboxMailer(db: Db, logger: Logger, { smtp }: { smtp: boolean }): Mailer {
  return {
    async send(mail: Mail) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(emailOutbox)
          .values({ toAddress: mail.to, subject: mail.subject, body: mail.text, html: mail.html })
          .returning({ id: emailOutbox.id });
        if (smtp) await enqueueJob(tx, { name: DELIVER_EMAIL_JOB, payload: { outboxId: row.id }, agencyId: null });
        return row.id;
      });
      if (!smtp) logger.info({ outboxId: id, to: mail.to, subject: mail.subject }, "e-mail guardado na caixa de saída");
      return smtp ? "smtp" : "outbox";
    },
  };
}
