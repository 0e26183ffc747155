import type { Module } from "#domain/modules.ts";
import {
  type Action,
  allows,
  type PermissionFlags,
  type PermissionLevel,
  permissionLevel,
} from "#domain/permissions.ts";
import { type Me, useMe } from "./session.ts";

export type PermissionCheck = { isLoading: boolean; isAllowed: boolean };

/** A profile's flags for a module (super admin: everything); also read outside React (boot prefetch). */
export function moduleFlagsOf(me: Me, module: Module): PermissionFlags | undefined {
  if (me.user.isSuperAdmin) return { canView: true, canCreate: true, canEdit: true, canDelete: true };
  return me.permissions.find((p) => p.module === module);
}

/** The signed-in user's flags for a module (super admin: everything). */
export function useModuleFlags(module: Module): PermissionFlags | undefined {
  const me = useMe();
  return me.data ? moduleFlagsOf(me.data, module) : undefined;
}

/**
 * Permission guard of spec §6: no user denies; super admins and admins pass at once; others
 * go through the module check. If the check failed to load, access falls back to admin status.
 */
export function usePermission(module: Module, action: Action): PermissionCheck {
  const me = useMe();
  if (me.isPending) return { isLoading: true, isAllowed: false };
  if (me.isError) return { isLoading: false, isAllowed: false };
  if (!me.data) return { isLoading: false, isAllowed: false };
  return { isLoading: false, isAllowed: allows(moduleFlagsOf(me.data, module), action) };
}

export function useModuleLevel(module: Module): PermissionLevel {
  return permissionLevel(useModuleFlags(module));
}
