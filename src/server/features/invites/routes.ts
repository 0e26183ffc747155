import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import { keysetQuerySchema } from "#domain/schemas/agency-users.ts";
import {
  createInviteSchema,
  INVITE_MESSAGES,
  pendingInvitesPageSchema,
  createdInviteResultSchema,
} from "#domain/schemas/invites.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { cancelInvite } from "./cancel-invite.ts";
import { inviteUser } from "./invite-user.ts";
import { listInvites } from "./list-invites.ts";
import { actorOf } from "../../audit/audit-actor.ts";

/** Invites of the caller's agency (Configurações › Usuários › Convites, spec §2.8). */
export const inviteRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/agency/invites",
    response: pendingInvitesPageSchema,
    access: needs("users", "view"),
    query: keysetQuerySchema,
    handler: ({ user, tenant, query, deps }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listInvites(tx, agencyId, { ...query, publicUrl: deps.config.publicUrl, now: deps.now() }));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/agency/invites",
    response: createdInviteResultSchema,
    access: needs("users", "create"),
    peopleOnly: true,
    tightRateLimit: true,
    body: createInviteSchema,
    handler: async ({ user, tenant, request, body, deps, c }) =>
      c.json(await inviteUser(deps, { tenant, request }, user, agencyOf(user), body), 201),
  }),
  // Cancelling removes access someone was offered: it needs users:delete (decision 004).
  defineRoute({
    method: "DELETE",
    path: "/api/agency/invites/:inviteId",
    response: successMessageSchema,
    access: needs("users", "delete"),
    peopleOnly: true,
    handler: async ({ user, tenant, request, params }) => {
      const agencyId = agencyOf(user);
      const inviteId = uuidParam(params, "inviteId", INVITE_MESSAGES.notFound);
      await tenant((tx) => cancelInvite(tx, actorOf(user, agencyId, request), agencyId, inviteId));
      return { success: true, message: INVITE_MESSAGES.cancelled };
    },
  }),
];
