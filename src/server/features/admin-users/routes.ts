import {
  adminUserSearchSchema,
  deleteUserSchema,
  adminUsersPageSchema,
  deleteUserResultSchema,
} from "#domain/schemas/admin-users.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { deleteUserByEmail } from "./delete-user.ts";
import { searchUsers } from "./search-users.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";

export const adminUserRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/admin/users",
    response: adminUsersPageSchema,
    access: SUPER_ADMIN,
    query: adminUserSearchSchema,
    handler: ({ deps, query }) => searchUsers(deps.database.owner, query, deps.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/api/admin/users/delete",
    response: deleteUserResultSchema,
    access: SUPER_ADMIN,
    body: deleteUserSchema,
    handler: async ({ deps, user, body, request }) => {
      await requireRecentAuthentication(deps.database, user, deps.now());
      return deleteUserByEmail(deps, user, body.email, request);
    },
  }),
];
