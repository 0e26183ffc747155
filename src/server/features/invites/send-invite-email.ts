import type { Deps } from "../../deps.ts";
import type { MailDelivery } from "../../mail/mailer.ts";
import type { CreatedInvite } from "./create-invite.ts";
import { inviteEmail } from "./invite-email.ts";

export function inviteUrlFor(publicUrl: string, token: string): string {
  return `${publicUrl}/accept-invite/${token}`;
}

/**
 * Mails the invite after its transaction committed. The invite is kept whatever happens here: the
 * mailer falls back to the outbox, and if even that fails the error is logged and the manager
 * still has the link to copy from the pending list.
 */
export async function sendInviteEmail(
  deps: Deps,
  invite: CreatedInvite,
  agencyName: string,
): Promise<MailDelivery | "failed"> {
  const mail = inviteEmail({
    to: invite.email,
    agencyName,
    role: invite.role,
    inviteUrl: inviteUrlFor(deps.config.publicUrl, invite.token),
    expiresAt: invite.expiresAt,
  });
  try {
    return await deps.mailer.send(mail);
  } catch (error) {
    deps.logger.error(
      { err: error, inviteId: invite.id },
      "convite criado, mas o e-mail não pôde ser enviado nem guardado",
    );
    return "failed";
  }
}
