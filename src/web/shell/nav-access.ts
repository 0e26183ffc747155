import type { Module } from "#domain/modules.ts";
import { type PermissionFlags, type PermissionLevel, permissionLevel } from "#domain/permissions.ts";
import { childPath, NAVIGATION, type NavChild, type NavItem, type NavSection } from "../navigation.ts";

/** The signed-in user's flags for a module; undefined means no row (no access). */
export type FlagsLookup = (module: Module) => PermissionFlags | undefined;

const EVERYTHING: PermissionFlags = { canView: true, canCreate: true, canEdit: true, canDelete: true };

/**
 * A super admin may open everything of an agency they belong to; one with no agency (the usual
 * platform administrator) has only the Dashboard, their panel: every other screen is an agency's.
 */
export function flagsLookup(
  isSuperAdmin: boolean,
  permissions: (PermissionFlags & { module: Module })[],
  hasAgency = true,
): FlagsLookup {
  if (isSuperAdmin && !hasAgency) return (module) => (module === "dashboard" ? EVERYTHING : undefined);
  if (isSuperAdmin) return () => EVERYTHING;
  const byModule = new Map(permissions.map((row) => [row.module, row]));
  return (module) => byModule.get(module);
}

export type VisibleChild = NavChild & { path: string; isLocked: boolean; level: PermissionLevel };
export type VisibleItem = NavItem & { level: PermissionLevel | null; visibleChildren: VisibleChild[] };
export type VisibleSection = { title: NavSection["title"]; items: VisibleItem[] };

function canViewModule(lookup: FlagsLookup, module: Module): boolean {
  return Boolean(lookup(module)?.canView);
}

/**
 * Spec §2.3: an item with a module shows when the user may view it; a parent without a module
 * shows when the user may view at least one of its gated children (a child without a module,
 * like Financeiro › Visão Geral, does not by itself open the parent).
 */
export function isItemVisible(lookup: FlagsLookup, item: NavItem): boolean {
  if (item.module) return canViewModule(lookup, item.module);
  const gated = item.children.filter((child) => child.module);
  if (gated.length === 0) return true;
  return gated.some((child) => child.module && canViewModule(lookup, child.module));
}

/** A child without a module inherits its (visible) parent's access. */
export function isChildOpen(lookup: FlagsLookup, child: NavChild): boolean {
  return child.module ? canViewModule(lookup, child.module) : true;
}

export function visibleNavigation(lookup: FlagsLookup): VisibleSection[] {
  return NAVIGATION.map((section) => ({
    title: section.title,
    items: section.items
      .filter((item) => isItemVisible(lookup, item))
      .map((item) => ({
        ...item,
        level: item.module ? permissionLevel(lookup(item.module)) : null,
        visibleChildren: item.children.map((child) => ({
          ...child,
          path: childPath(item, child),
          isLocked: !isChildOpen(lookup, child),
          level: child.module ? permissionLevel(lookup(child.module)) : "full",
        })),
      })),
  })).filter((section) => section.items.length > 0);
}

/** May the user open this screen (a parent page or one of its children)? */
export function canOpenScreen(lookup: FlagsLookup, item: NavItem, child?: NavChild): boolean {
  if (!isItemVisible(lookup, item)) return false;
  return child ? isChildOpen(lookup, child) : true;
}

export type Screen = { label: string; description: string; path: string; group: string };

/** Every screen the user may open: the command palette's list. */
export function reachableScreens(lookup: FlagsLookup): Screen[] {
  return visibleNavigation(lookup).flatMap((section) =>
    section.items.flatMap((item) => [
      { label: item.label, description: item.description, path: item.path, group: section.title },
      ...item.visibleChildren
        .filter((child) => !child.isLocked)
        .map((child) => ({
          label: `${item.label} › ${child.label}`,
          description: child.description,
          path: child.path,
          group: section.title,
        })),
    ]),
  );
}
