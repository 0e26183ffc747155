import { ASSIGNABLE_ROLES, canGrantRole, ROLE_LABELS, type Role } from "#domain/roles.ts";

/** Options of the invite and role-change selectors: every role but super_admin, up to the caller's rank. */
export function roleOptions(callerRole: Role | undefined): { value: Role; label: string }[] {
  return ASSIGNABLE_ROLES.filter((role) => callerRole && canGrantRole(callerRole, role)).map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));
}
