import { and, eq, gt, isNull } from "drizzle-orm";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { emailVerificationTokens, profiles, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { hashResetToken } from "../password-reset/reset-token.ts";

type Request = { ip: string | null; userAgent: string | null };

/**
 * Spends a verification link: once, before it expires, and only while the account still has the
 * address the link was sent to. Every other link of the account dies with it.
 */
export async function confirmEmailVerification(deps: Deps, token: string, request: Request) {
  const now = deps.now();
  return deps.database.owner.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashResetToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!spent) throw new AppError("bad_request", EMAIL_VERIFICATION_MESSAGES.invalidToken);
    const [verified] = await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: now })
      .where(and(eq(user.id, spent.userId), eq(user.email, spent.email)))
      .returning({ id: user.id });
    if (!verified) throw new AppError("bad_request", EMAIL_VERIFICATION_MESSAGES.invalidToken);
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, spent.userId), isNull(emailVerificationTokens.usedAt)));
    const [owner] = await tx
      .select({ agencyId: profiles.agencyId })
      .from(profiles)
      .where(eq(profiles.id, spent.userId));
    await recordAudit(
      tx,
      { userId: spent.userId, agencyId: owner?.agencyId ?? null, ...request },
      { action: "email_verified", resourceType: "user", resourceId: spent.userId },
    );
    return { success: true, message: EMAIL_VERIFICATION_MESSAGES.verified };
  });
}
