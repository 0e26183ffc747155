import { eq } from "drizzle-orm";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { type AcceptInviteResponse, INVITE_ACCEPTANCE_MESSAGES as M } from "#domain/schemas/invite-acceptance.ts";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { ASSIGNABLE_ROLES, type Role } from "#domain/roles.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { agencyInvites, profiles, user as userTable, userRoles } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { assertInvitePending, findInviteByToken, type InviteRow, isAddressedTo } from "./find-invite.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type RequestMeta = { ip: string | null; userAgent: string | null };

/**
 * Binds the signed-in user to the invite's agency with the invite's role and marks the invite
 * accepted, all in one transaction that holds the invite row locked.
 *
 * This runs on the owner connection on purpose: the invite is tenant data of the inviting agency,
 * while the accepting user has no agency yet, so row-level security would hide it. The token (a
 * 256-bit secret) is the capability; the query matches it exactly and touches only that invite,
 * the user's own profile and the user's own role.
 */
export async function acceptInvite(
  deps: Deps,
  user: SessionUser,
  token: string,
  request: RequestMeta,
): Promise<AcceptInviteResponse> {
  return deps.database.owner.transaction(async (tx) => {
    const invite = await findInviteByToken(tx, token, true);
    assertInvitePending(invite, deps.now());
    assertMayJoin(invite, user);
    await assertEmailVerified(tx, user.id);
    const role = invitedRole(invite);
    await tx
      .update(profiles)
      .set({ agencyId: invite.agency_id, updatedAt: deps.now() })
      .where(eq(profiles.id, user.id));
    await tx
      .insert(userRoles)
      .values({ userId: user.id, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
    await tx
      .update(agencyInvites)
      .set({ acceptedAt: deps.now(), acceptedBy: user.id })
      .where(eq(agencyInvites.id, invite.id));
    await recordAudit(tx, actorOf(user, invite.agency_id, request), {
      action: "accept_invite",
      resourceType: "agency_invites",
      resourceId: invite.id,
      details: { role, email: invite.email },
    });
    if (invite.invited_by) {
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      await notifyUsers(tx, {
        agencyId: invite.agency_id,
        userIds: [invite.invited_by],
        kind: "invite_accepted",
        title: `${name} aceitou o convite`,
        body: user.email,
        actorId: user.id,
      });
    }
    return { success: true, message: M.accepted, agency_id: invite.agency_id, role };
  });
}

/** One user, one agency: the invite must be addressed to this account, which must be free to join. */
function assertMayJoin(invite: InviteRow, user: SessionUser): void {
  if (!isAddressedTo(invite, user.email)) throw new AppError("forbidden", M.otherEmail);
  if (user.isSuperAdmin) throw new AppError("conflict", M.superAdmin);
  if (user.agencyId !== null && user.agencyId !== invite.agency_id) throw new AppError("conflict", M.otherAgency);
}

/** Only a verified address may join (issue 13, item 8): the account proved it reads that mailbox. */
async function assertEmailVerified(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ isVerified: userTable.emailVerified })
    .from(userTable)
    .where(eq(userTable.id, userId));
  if (!row?.isVerified) {
    throw new AppError("email_not_verified", EMAIL_VERIFICATION_MESSAGES.inviteNeedsVerifiedEmail);
  }
}

/** Invites never grant super_admin; a row that says otherwise (written outside the app) grants 'user'. */
function invitedRole(invite: InviteRow): Role {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(invite.role) ? (invite.role as Role) : "user";
}
