/** One e-mail: plain text for every client, HTML for those that render it. */
export type Mail = { to: string; subject: string; text: string; html: string };

export type MailDelivery = "smtp" | "outbox";

/**
 * Sends mail. `send` never loses a message: when SMTP is not configured or refuses it, the
 * message is kept in the email_outbox table (docs/decisions/004-user-roles-and-invites.md).
 */
export type Mailer = { send(mail: Mail): Promise<MailDelivery> };
