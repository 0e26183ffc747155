import { meSchema } from "#domain/schemas/me.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { readMe } from "./read-me.ts";

export const meRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/me",
    response: meSchema,
    access: SIGNED_IN,
    allowWithoutTwoFactor: true,
    allowInactiveAgency: true,
    handler: async ({ user, tenantRows, sessionEpoch, deps }) => {
      // Without an agency, the role picked at sign-up grants nothing (issue 13, defect 6).
      const hasPermissions = user.isSuperAdmin || user.agencyId !== null;
      const { permissions, agency } = await readMe(
        tenantRows,
        deps.epochCache,
        sessionEpoch,
        hasPermissions ? user.role : null,
        user.agencyId,
      );
      const { sessionId: _session, ...profile } = user;
      return { user: profile, permissions, agency };
    },
  }),
];
