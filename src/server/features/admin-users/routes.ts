import { deleteUserSchema } from "#domain/schemas/admin-users.ts";
import { defineRoute, SUPER_ADMIN } from "../../http/route.ts";
import { deleteUserByEmail } from "./delete-user.ts";

export const adminUserRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/admin/users/delete",
    access: SUPER_ADMIN,
    body: deleteUserSchema,
    handler: ({ deps, user, body, request }) => deleteUserByEmail(deps, user, body.email, request),
  }),
];
