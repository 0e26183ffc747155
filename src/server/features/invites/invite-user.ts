import { AGENCY_USER_MESSAGES } from "#domain/schemas/agency-users.ts";
import type { CreatedInviteResult, CreateInviteBody } from "#domain/schemas/invites.ts";
import { canGrantRole } from "#domain/roles.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import type { RouteContext } from "../../http/route.ts";
import { createInvite } from "./create-invite.ts";
import { toPendingInvite } from "./pending-invite.ts";
import { sendInviteEmail } from "./send-invite-email.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Ctx = Pick<RouteContext<unknown, unknown, never>, "tenant" | "request">;

/** The Convidar Usuário dialog: an invite to the caller's agency with a role not above theirs, then its e-mail. */
export async function inviteUser(
  deps: Deps,
  { tenant, request }: Ctx,
  user: SessionUser,
  agencyId: string,
  body: CreateInviteBody,
): Promise<CreatedInviteResult> {
  if (!canGrantRole(user.role, body.role)) throw new AppError("forbidden", AGENCY_USER_MESSAGES.aboveOwnRole);
  const invite = await tenant((tx) =>
    createInvite(
      tx,
      actorOf(user, agencyId, request),
      { agencyId, email: body.email, role: body.role, invitedBy: user.id },
      deps.now(),
    ),
  );
  const emailDelivery = await sendInviteEmail(deps, invite, user.agencyName ?? "");
  return { ...toPendingInvite(invite, deps.config.publicUrl, deps.now()), emailDelivery };
}
