/** One e-mail: plain text for every client, HTML for those that render it. */
export type Mail = { to: string; subject: string; text: string; html: string };

export type MailDelivery = "smtp" | "outbox";

/**
 * Sends mail. `send` never loses a message: it is kept in the email_outbox table and, with
 * SMTP_URL set, delivered by a retried job ("smtp"); without SMTP it only waits there ("outbox").
 */
export type Mailer = { send(mail: Mail): Promise<MailDelivery> };
