import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { credentialHashOf } from "../../auth/credential-hash.ts";
import { verifyPassword } from "../../auth/password-hash.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";

/** Refuses (400, the field's message) unless `password` is the user's current password. */
export async function checkPassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await credentialHashOf(db, userId);
  const isRight = hash ? await verifyPassword({ hash, password }) : false;
  if (!isRight)
    throw new AppError("validation_failed", ACCOUNT_SECURITY_MESSAGES.wrongPassword, { field: "currentPassword" });
}
