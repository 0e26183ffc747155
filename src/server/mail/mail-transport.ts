/** The part of a nodemailer transport we use; tests pass a fake. */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
};

const transports = new Map<string, Promise<MailTransport>>();

/**
 * One pooled transport per SMTP_URL for the process. nodemailer loads with the first e-mail sent,
 * not with the server (start-up time is a bar of issue 14; most starts send nothing).
 */
export function smtpTransport(smtpUrl: string): Promise<MailTransport> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** "Nexo <no-reply@host>" from the public URL's host name. */
export function senderAddress(publicUrl: string): string {
  return `Nexo <no-reply@${new URL(publicUrl).hostname}>`;
}
