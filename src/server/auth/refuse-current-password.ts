import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import type { Queryable } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { credentialHashOf } from "./credential-hash.ts";
import { verifyPassword } from "./password-hash.ts";

/**
 * A new password must differ from the current one, whether it is changed (the current one typed)
 * or reset (only the link held). Only a hash is stored, so the new password is checked against it:
 * one argon2 run. Refuses with 400 and the message on `field`.
 */
export async function refuseCurrentPassword(
  db: Queryable,
  userId: string,
  newPassword: string,
  field: string,
): Promise<void> {
  const hash = await credentialHashOf(db, userId);
  if (hash && (await verifyPassword({ hash, password: newPassword }))) {
    throw new AppError("validation_failed", ACCOUNT_SECURITY_MESSAGES.samePassword, { field });
  }
}
