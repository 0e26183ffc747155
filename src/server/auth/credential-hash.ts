import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { account } from "../db/schema.ts";

/** The stored hash of the user's e-mail-and-password account, or null when it has none. */
export async function credentialHashOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.hash ?? null;
}
