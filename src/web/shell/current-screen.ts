import { useMatches } from "react-router";
import type { NavChild, NavItem } from "../navigation.ts";

export type ScreenHandle = { item?: NavItem; child?: NavChild };

/** The navigation entry of the current route (set as `handle` in routes.tsx). */
export function useCurrentScreen(): ScreenHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as ScreenHandle | undefined;
    if (handle?.item) return handle;
  }
  return {};
}

export function screenTitle({ item, child }: ScreenHandle): string {
  return child?.label ?? item?.label ?? "Dashboard";
}
