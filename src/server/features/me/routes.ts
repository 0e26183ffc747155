import { eq } from "drizzle-orm";
import { PERMISSION_FLAG_COLUMNS } from "../../db/permission-flag-columns.ts";
import { rolePermissions } from "../../db/schema.ts";
import { readDisplayPreferences } from "../agency-settings/read-agency-settings.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";

export const meRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/me",
    access: SIGNED_IN,
    allowWithoutTwoFactor: true,
    allowInactiveAgency: true,
    handler: async ({ user, tenant }) => {
      // Without an agency, the role picked at sign-up grants nothing (issue 13, defect 6).
      const hasPermissions = user.isSuperAdmin || user.agencyId !== null;
      const { permissions, agency } = await tenant(async (tx) => ({
        permissions: hasPermissions
          ? await tx
              .select({
                module: rolePermissions.module,
                ...PERMISSION_FLAG_COLUMNS,
              })
              .from(rolePermissions)
              .where(eq(rolePermissions.role, user.role))
          : [],
        agency: await readDisplayPreferences(tx, user.agencyId),
      }));
      const { sessionId: _session, ...profile } = user;
      return { user: profile, permissions, agency };
    },
  }),
];
