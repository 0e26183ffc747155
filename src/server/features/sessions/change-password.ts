import { and, eq, ne } from "drizzle-orm";
import { ACCOUNT_SECURITY_MESSAGES, type ChangePasswordInput } from "#domain/schemas/account-security.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { hashPassword } from "../../auth/password-hash.ts";
import { refuseCurrentPassword } from "../../auth/refuse-current-password.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Db } from "../../db/client.ts";
import { account, session } from "../../db/schema.ts";
import { checkPassword } from "./check-password.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Request = { ip: string | null; userAgent: string | null };

/**
 * Changes the password (the current one required, the new one different from it) and ends every
 * other session of the user.
 */
export async function changePassword(db: Db, user: SessionUser, input: ChangePasswordInput, request: Request) {
  await checkPassword(db, user.id, input.currentPassword);
  await refuseCurrentPassword(db, user.id, input.newPassword, "newPassword");
  const hash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, user.id), eq(account.providerId, "credential")));
    await tx.delete(session).where(and(eq(session.userId, user.id), ne(session.id, user.sessionId)));
    await recordAudit(tx, actorOf(user, user.agencyId, request), {
      action: "password_changed",
      resourceType: "user",
      resourceId: user.id,
    });
    return { success: true, message: ACCOUNT_SECURITY_MESSAGES.passwordChanged };
  });
}
