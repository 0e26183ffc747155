import { eq } from "drizzle-orm";
import { user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { sendVerificationEmail } from "../email-verification/send-verification-email.ts";
import { findInviteByToken, isAddressedTo } from "../invite-acceptance/find-invite.ts";

type Request = { ip: string | null; userAgent: string | null };

/**
 * Right after a sign-up: an account created from a pending invite's link, for the address the
 * invite was sent to, is verified by that act (the link reached that mailbox; decision 019); any
 * other gets a verification e-mail. A failed e-mail does not undo the account: the user can ask
 * for another ("Reenviar e-mail de verificação").
 */
export async function verifyOrSendVerification(
  deps: Deps,
  account: { id: string; email: string },
  inviteToken: string | undefined,
  request: Request,
): Promise<void> {
  const db = deps.database.owner;
  const invite = inviteToken ? await findInviteByToken(db, inviteToken) : null;
  const isInvited =
    invite !== null &&
    invite.accepted_at === null &&
    new Date(invite.expires_at).getTime() > deps.now().getTime() &&
    isAddressedTo(invite, account.email);
  if (isInvited) {
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    return;
  }
  try {
    await sendVerificationEmail(deps, { id: account.id, agencyId: null }, request);
  } catch (error) {
    deps.logger.error({ err: error }, "o e-mail de verificação não pôde ser enviado nem guardado");
  }
}
