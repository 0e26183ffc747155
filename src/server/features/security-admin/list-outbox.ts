import { desc, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema.ts";

const RECENT = 50;

/**
 * The latest unsent messages of the outbox: without SMTP_URL the outbox is the only delivery, so
 * the operator (super admin) hands invite and reset links on from here (decision 004).
 */
export async function listOutbox(db: Db) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(RECENT);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
