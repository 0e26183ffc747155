import { and, eq } from "drizzle-orm";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { verifyPassword } from "../../auth/password-hash.ts";
import type { Db } from "../../db/client.ts";
import { account } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** Refuses (400, the field's message) unless `password` is the user's current password. */
export async function checkPassword(db: Db, userId: string, password: string): Promise<void> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const isRight = row?.hash ? await verifyPassword({ hash: row.hash, password }) : false;
  if (!isRight)
    throw new AppError("validation_failed", ACCOUNT_SECURITY_MESSAGES.wrongPassword, { field: "currentPassword" });
}
