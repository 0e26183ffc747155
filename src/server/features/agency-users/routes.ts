import { z } from "zod";
import {
  AGENCY_USER_MESSAGES,
  keysetQuerySchema,
  updateUserRoleSchema,
  agencyUsersPageSchema,
  agencyUsersSummarySchema,
  rolePermissionSummarySchema,
  updatedUserRoleSchema,
} from "#domain/schemas/agency-users.ts";
import { unlockedAccountSchema } from "#domain/schemas/security-admin.ts";
import { jsonText } from "../../http/json-text.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { listUsersJson } from "./list-users.ts";
import { listRolePermissions } from "./role-permissions.ts";
import { updateUserRole } from "./update-user-role.ts";
import { usersSummary } from "./users-summary.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";
import { unlockMember } from "./unlock-member.ts";
import { actorOf } from "../../audit/audit-actor.ts";

/** Members of the caller's agency (Configurações › Usuários, spec §2.8). */
export const agencyUserRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/agency/users",
    response: agencyUsersPageSchema,
    access: needs("users", "view"),
    query: keysetQuerySchema,
    handler: async ({ user, tenantRows, query }) => {
      const agencyId = agencyOf(user);
      return jsonText(await listUsersJson(tenantRows, agencyId, query));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/agency/users/summary",
    response: agencyUsersSummarySchema,
    access: needs("users", "view"),
    handler: ({ user, tenant, deps }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => usersSummary(tx, agencyId, deps.now()));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/agency/role-permissions",
    response: z.array(rolePermissionSummarySchema),
    access: needs("users", "view"),
    handler: ({ user, tenant }) => {
      agencyOf(user);
      return tenant((tx) => listRolePermissions(tx));
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/agency/users/:userId/role",
    response: updatedUserRoleSchema,
    access: needs("users", "edit"),
    body: updateUserRoleSchema,
    handler: async ({ user, tenant, request, params, body, deps }) => {
      const agencyId = agencyOf(user);
      const targetId = uuidParam(params, "userId", AGENCY_USER_MESSAGES.userNotFound);
      await requireRecentAuthentication(deps.database, user, deps.now());
      return tenant((tx) => updateUserRole(tx, actorOf(user, agencyId, request), user, agencyId, targetId, body.role));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/agency/users/:userId/unlock",
    response: unlockedAccountSchema,
    access: needs("users", "edit"),
    peopleOnly: true,
    handler: ({ user, tenant, request, params, deps }) => {
      const agencyId = agencyOf(user);
      const targetId = uuidParam(params, "userId", AGENCY_USER_MESSAGES.userNotFound);
      return unlockMember(deps, tenant, user, agencyId, targetId, request);
    },
  }),
];
