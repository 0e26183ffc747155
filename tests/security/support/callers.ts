import { allows, defaultPermissionRows } from "#domain/permissions.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import type { AnyRoute } from "#server/http/route.ts";
import type { AgencyFixture, Battery, Member } from "./battery.ts";

const SEEDED = defaultPermissionRows();

/**
 * A caller who gets past the route's access check, so the request reaches validation and the
 * handler: nobody for public routes, the super admin for theirs, else the agency's manager
 * (or the first role the seeded permissions allow).
 */
export function callerPassing(b: Battery, route: AnyRoute, agency: AgencyFixture): Member | null {
  const { access } = route;
  if (access.kind === "public") return null;
  if (access.kind === "super_admin") return b.superAdmin;
  if (access.kind === "signed_in") return agency.members.agency_manager;
  const role = ["agency_manager" as const, ...ASSIGNABLE_ROLES].find((r) =>
    allows(
      SEEDED.find((row) => row.role === r && row.module === access.module),
      access.action,
    ),
  );
  return role ? agency.members[role] : b.superAdmin;
}
