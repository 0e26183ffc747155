import { useMemo } from "react";
import { useMe } from "../lib/session.ts";
import { type FlagsLookup, flagsLookup } from "./nav-access.ts";

/** The permission lookup of the signed-in user; null while the profile loads or when signed out. */
export function useFlagsLookup(): FlagsLookup | null {
  const me = useMe();
  return useMemo(
    () =>
      me.data ? flagsLookup(me.data.user.isSuperAdmin, me.data.permissions, Boolean(me.data.user.agencyId)) : null,
    [me.data],
  );
}
