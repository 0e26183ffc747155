import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { readMe } from "./read-me.ts";

export const meRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/me",
    access: SIGNED_IN,
    allowWithoutTwoFactor: true,
    allowInactiveAgency: true,
    handler: async ({ user, tenantRows }) => {
      const { permissions, agency } = await readMe(tenantRows, user.role, user.agencyId);
      const { sessionId: _session, ...profile } = user;
      return { user: profile, permissions, agency };
    },
  }),
];
