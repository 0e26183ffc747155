import { eq } from "drizzle-orm";
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
      const { permissions, agency } = await tenant(async (tx) => ({
        permissions: await tx
          .select({
            module: rolePermissions.module,
            canView: rolePermissions.canView,
            canCreate: rolePermissions.canCreate,
            canEdit: rolePermissions.canEdit,
            canDelete: rolePermissions.canDelete,
          })
          .from(rolePermissions)
          .where(eq(rolePermissions.role, user.role)),
        agency: await readDisplayPreferences(tx, user.agencyId),
      }));
      const { sessionId: _session, ...profile } = user;
      return { user: profile, permissions, agency };
    },
  }),
];
