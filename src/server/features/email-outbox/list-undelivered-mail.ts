import { desc, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema.ts";

const LISTED = 100;

/** The newest mails not (yet) delivered: failed ones with the SMTP answer, pending ones waiting. */
export async function listUndeliveredMail(tx: Queryable) {
  const rows = await tx
    .select()
    .from(emailOutbox)
    .where(ne(emailOutbox.status, "sent"))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(LISTED);
  return rows.map((row) => ({
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  }));
}
