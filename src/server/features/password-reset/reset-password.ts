import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { PASSWORD_RESET_MESSAGES } from "#domain/schemas/password-reset.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { hashPassword } from "../../auth/password-hash.ts";
import { refuseCurrentPassword } from "../../auth/refuse-current-password.ts";
import {
  account,
  accountLockouts,
  passwordResetTokens,
  profiles,
  session,
  signInFailures,
  user,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { hashResetToken } from "./reset-token.ts";

type Request = { ip: string | null; userAgent: string | null };

/**
 * Completes a reset: the token is spent (once, inside the transaction that uses it), the password
 * replaced by a different one, every session of the user ended, a lock on the account lifted
 * (decision 012) and the change audited. An unknown, used or expired token changes nothing.
 */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string },
  request: Request,
): Promise<{ success: true; message: string }> {
  const now = deps.now();
  const tokenHash = hashResetToken(input.token);
  // A token that cannot be spent costs no argon2 run (the hash below is the expensive part).
  const [live] = await deps.database.owner
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!live) throw new AppError("bad_request", PASSWORD_RESET_MESSAGES.invalidToken);
  // Refused before the token is spent: the same link can try another password.
  await refuseCurrentPassword(deps.database.owner, live.userId, input.password, "password");
  const passwordHash = await hashPassword(input.password);
  return deps.database.owner.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError("bad_request", PASSWORD_RESET_MESSAGES.invalidToken);
    const [owner] = await tx
      .select({ email: user.email, agencyId: profiles.agencyId })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, spent.userId));
    await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(account.userId, spent.userId), eq(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, spent.userId));
    // Every other link sent to this account dies with the one used.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(accountLockouts).where(eq(sql`lower(${accountLockouts.email})`, owner.email.toLowerCase()));
    await tx.delete(signInFailures).where(eq(sql`lower(${signInFailures.email})`, owner.email.toLowerCase()));
    await recordAudit(
      tx,
      { userId: spent.userId, agencyId: owner.agencyId ?? null, ...request },
      { action: "password_reset", resourceType: "user", resourceId: spent.userId },
    );
    return { success: true as const, message: PASSWORD_RESET_MESSAGES.done };
  });
}
