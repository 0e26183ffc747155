import { eq } from "drizzle-orm";
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MINUTES } from "#domain/schemas/password-reset.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { passwordResetTokens, profiles, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { passwordResetEmail, passwordResetUrl } from "./password-reset-email.ts";
import { newResetToken } from "./reset-token.ts";

type Request = { ip: string | null; userAgent: string | null };

/**
 * Starts a reset: for an existing account, a single-use token valid 30 minutes (its hash stored)
 * and an e-mail with the link. The answer is the same whether the e-mail has an account or not.
 */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  request: Request,
): Promise<{ success: true; message: string }> {
  const db = deps.database.owner;
  const [account] = await db
    .select({ id: user.id, agencyId: profiles.agencyId })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email));
  if (account) {
    const { token, tokenHash } = newResetToken();
    const expiresAt = new Date(deps.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({ userId: account.id, tokenHash, expiresAt });
      await recordAudit(
        tx,
        { userId: account.id, agencyId: account.agencyId ?? null, ...request },
        { action: "password_reset_requested", resourceType: "user", resourceId: account.id },
      );
    });
    await sendResetEmail(deps, email, passwordResetUrl(deps.config.publicUrl, token));
  }
  return { success: true, message: PASSWORD_RESET_MESSAGES.requested };
}

async function sendResetEmail(deps: Deps, to: string, url: string): Promise<void> {
  try {
    await deps.mailer.send(passwordResetEmail(to, url));
  } catch (error) {
    // Same answer either way: telling the failure would tell the account exists.
    deps.logger.error({ err: error }, "o e-mail de redefinição de senha não pôde ser enviado nem guardado");
  }
}
