import type { Context } from "hono";
import {
  acceptInviteSchema,
  INVITE_ACCEPTANCE_MESSAGES,
  type InvitePreview,
  type InviteSummary,
  invitePreviewSchema,
  inviteSummarySchema,
  acceptInviteResponseSchema,
} from "#domain/schemas/invite-acceptance.ts";
import { normalizeRole } from "#domain/roles.ts";
import { AppError } from "../../http/errors.ts";
import { defineRoute, PUBLIC, SIGNED_IN } from "../../http/route.ts";
import { acceptInvite } from "./accept-invite.ts";
import { assertInvitePending, findInviteByToken, isAddressedTo } from "./find-invite.ts";
import { previewInvite } from "./preview-invite.ts";

/** A refusal keeps the accept-invite shape (success false, message) beside the usual error envelope. */
function refusal(c: Context, error: AppError): Response {
  return c.json({ success: false, message: error.message, ...error.toBody() }, error.status);
}

export const inviteAcceptanceRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/invites/preview/:token",
    response: invitePreviewSchema,
    // The link's holder, signed out, learns the agency and role it is invited to: the 256-bit token is the key.
    access: PUBLIC,
    handler: ({ params, deps }): Promise<InvitePreview> => previewInvite(deps, params.token),
  }),
  defineRoute({
    method: "GET",
    path: "/api/invites/by-token/:token",
    response: inviteSummarySchema,
    access: SIGNED_IN,
    allowWithoutTwoFactor: true,
    handler: async ({ params, user, deps }): Promise<InviteSummary> => {
      const parsed = acceptInviteSchema.safeParse({ token: params.token });
      if (!parsed.success) throw new AppError("not_found", INVITE_ACCEPTANCE_MESSAGES.invalid);
      const { token } = parsed.data;
      // Owner connection for the same reason as acceptInvite: the invite belongs to another agency.
      const invite = await findInviteByToken(deps.database.owner, token);
      assertInvitePending(invite, deps.now());
      return {
        agencyName: invite.agency_name,
        email: invite.email,
        role: normalizeRole(invite.role),
        expiresAt: new Date(invite.expires_at).toISOString(),
        isForCurrentUser: isAddressedTo(invite, user.email),
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/invites/accept",
    response: acceptInviteResponseSchema,
    access: SIGNED_IN,
    body: acceptInviteSchema,
    handler: async ({ body, user, deps, request, c }) => {
      try {
        return await acceptInvite(deps, user, body.token, request);
      } catch (error) {
        if (error instanceof AppError) return refusal(c, error);
        throw error;
      }
    },
  }),
];
