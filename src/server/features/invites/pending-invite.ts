import type { PendingInvite } from "#domain/schemas/invites.ts";
import { normalizeRole } from "#domain/roles.ts";
import { inviteUrlFor } from "./send-invite-email.ts";

type InviteLike = { id: string; email: string; role: string; token: string; expiresAt: Date; createdAt: Date };

export function toPendingInvite(invite: InviteLike, publicUrl: string, now: Date): PendingInvite {
  return {
    id: invite.id,
    email: invite.email,
    role: normalizeRole(invite.role),
    token: invite.token,
    inviteUrl: inviteUrlFor(publicUrl, invite.token),
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
    isExpired: invite.expiresAt.getTime() <= now.getTime(),
  };
}
