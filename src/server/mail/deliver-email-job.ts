import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../db/schema.ts";
import { defineJob } from "../jobs/job-handler.ts";
import { senderAddress, smtpTransport } from "./mail-transport.ts";

export const DELIVER_EMAIL_JOB = "deliver_email";

/**
 * Sends one outbox row through SMTP_URL. A refusal is retried with backoff; after the last
 * attempt the row stays 'failed' with the server's answer (Super Admin › Segurança › E-mails).
 */
export const deliverEmailJob = defineJob<{ outboxId: string }>({
  name: DELIVER_EMAIL_JOB,
  maxAttempts: 8,
  async handler(deps, { payload, attempt, maxAttempts }) {
    const db = deps.database.owner;
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, payload.outboxId));
    if (!mail || mail.status === "sent") return;
    if (!deps.config.smtpUrl) throw new Error("SMTP_URL não configurado");
    try {
      const transport = await smtpTransport(deps.config.smtpUrl);
      await transport.sendMail({
        from: senderAddress(deps.config.publicUrl),
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({
          attempts: attempt,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1_000),
          status: attempt >= maxAttempts ? "failed" : "pending",
        })
        .where(eq(emailOutbox.id, mail.id));
      throw error;
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now()` as unknown as Date, attempts: attempt, lastError: null })
      .where(and(eq(emailOutbox.id, mail.id)));
  },
});
