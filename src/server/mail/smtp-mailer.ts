import type { Logger } from "pino";
import type { Mail, Mailer } from "./mailer.ts";

/** The part of a nodemailer transport we use; tests pass a fake. */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
};

/** Sends through SMTP; a refused or failed send falls back to the outbox so the message is kept. */
export function createSmtpMailer(transport: MailTransport, from: string, fallback: Mailer, logger: Logger): Mailer {
  return {
    async send(mail: Mail) {
      try {
        await transport.sendMail({ from, ...mail });
        return "smtp";
      } catch (error) {
        logger.error(
          { err: error, to: mail.to, subject: mail.subject },
          "falha no envio SMTP; e-mail mantido na caixa de saída",
        );
        return fallback.send(mail);
      }
    },
  };
}
