import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useMe } from "../../lib/session.ts";

export const TWO_FACTOR_PATH = "/seguranca/dois-fatores";

/**
 * When the user's agency requires two-factor and the user has not enrolled, the enrolment screen
 * comes before anything else (the API refuses them with two_factor_required anyway).
 * Placed inside RequireAuth, so the profile is already loaded.
 */
export function RequireTwoFactorEnrolment({ children }: { children: ReactNode }) {
  const me = useMe();
  const user = me.data?.user;
  if (user?.isTwoFactorRequired && !user.twoFactorEnabled) return <Navigate to={TWO_FACTOR_PATH} replace />;
  return <>{children}</>;
}
