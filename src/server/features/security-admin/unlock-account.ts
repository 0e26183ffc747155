import { eq, sql } from "drizzle-orm";
import { SECURITY_ADMIN_MESSAGES } from "#domain/schemas/security-admin.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { accountLockouts, signInFailures } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";

/** Whose log the unlock is written to: the platform's (the super admin) or the member's agency. */
export type UnlockScope = { agencyId: string | null; userId?: string };

/** Lifts a lock and forgets the failures that caused it, so the next wrong password does not relock at once. */
export async function unlockAccount(
  deps: Deps,
  actor: SessionUser,
  email: string,
  request: { ip: string | null; userAgent: string | null },
  scope: UnlockScope = { agencyId: null },
): Promise<{ success: true; message: string }> {
  return deps.database.owner.transaction(async (tx) => {
    const removed = await tx
      .delete(accountLockouts)
      .where(eq(sql`lower(${accountLockouts.email})`, email))
      .returning({ email: accountLockouts.email });
    if (removed.length === 0) throw new AppError("not_found", SECURITY_ADMIN_MESSAGES.notLocked);
    await tx.delete(signInFailures).where(eq(sql`lower(${signInFailures.email})`, email));
    await recordAudit(
      tx,
      { userId: actor.id, agencyId: scope.agencyId, ...request },
      {
        action: "account_unlocked",
        resourceType: "auth",
        resourceId: scope.userId,
        details: { email },
      },
    );
    return { success: true, message: SECURITY_ADMIN_MESSAGES.unlocked };
  });
}
