import { eq } from "drizzle-orm";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS } from "#domain/schemas/email-verification.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { emailVerificationTokens, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { newResetToken } from "../password-reset/reset-token.ts";
import { emailVerificationEmail, emailVerificationUrl } from "./verification-email.ts";

type Request = { ip: string | null; userAgent: string | null };
type Account = { id: string; agencyId: string | null };

/**
 * A new single-use link (24 hours, only its SHA-256 stored) to the account's current address,
 * through the mailer (outbox without SMTP_URL). An address already verified gets none (409).
 */
export async function sendVerificationEmail(deps: Deps, account: Account, request: Request) {
  const db = deps.database.owner;
  const [row] = await db
    .select({ email: user.email, isVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, account.id));
  if (!row) throw new AppError("not_found", EMAIL_VERIFICATION_MESSAGES.invalidToken);
  if (row.isVerified) throw new AppError("conflict", EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  const { token, tokenHash } = newResetToken();
  const expiresAt = new Date(deps.now().getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.insert(emailVerificationTokens).values({ userId: account.id, email: row.email, tokenHash, expiresAt });
    await recordAudit(
      tx,
      { userId: account.id, agencyId: account.agencyId, ...request },
      { action: "email_verification_sent", resourceType: "user", resourceId: account.id },
    );
  });
  await deps.mailer.send(emailVerificationEmail(row.email, emailVerificationUrl(deps.config.publicUrl, token)));
  return { success: true, message: EMAIL_VERIFICATION_MESSAGES.sent };
}
