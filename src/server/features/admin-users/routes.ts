import { deleteUserSchema } from "#domain/schemas/admin-users.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { deleteUserByEmail } from "./delete-user.ts";
import { requireRecentAuthentication } from "../sessions/require-recent-authentication.ts";

export const adminUserRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/admin/users/delete",
    access: SUPER_ADMIN,
    body: deleteUserSchema,
    handler: async ({ deps, user, body, request }) => {
      await requireRecentAuthentication(deps.database.db, user, deps.now());
      return deleteUserByEmail(deps, user, body.email, request);
    },
  }),
];
