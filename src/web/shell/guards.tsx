import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Role } from "#domain/roles.ts";
import { useAdminSetupStatus } from "../features/admin-setup/use-admin-setup.ts";
import { useMe } from "../lib/session.ts";
import { FullPageLoader } from "./full-page-loader.tsx";

type Requirement = { role?: Role; admin?: boolean; superAdmin?: boolean };

/**
 * Route guard of spec §2.1: spinner while loading, /auth when signed out (coming back after
 * sign-in), /dashboard when the role, admin or super-admin requirement is not met.
 */
export function RequireAuth({ children, role, admin, superAdmin }: Requirement & { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageLoader label="Verificando permissões..." />;
  if (!me.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth?next=${next}`} replace />;
  }
  const { user } = me.data;
  const lacks =
    (role && user.role !== role && !user.isSuperAdmin) ||
    (admin && !user.isAdmin) ||
    (superAdmin && !user.isSuperAdmin);
  if (lacks) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * Setup-access mode (spec §2.1): visitors see the page; signed-in super admins go to
 * /dashboard and other signed-in users to /auth.
 */
export function SetupAccess({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <FullPageLoader label="Verificando permissões..." />;
  if (me.data) return <Navigate to={me.data.user.isSuperAdmin ? "/dashboard" : "/auth"} replace />;
  return <>{children}</>;
}

/**
 * Public pages that a signed-in user skips (/ and /auth go to /dashboard, or to `to`). On a fresh
 * install (no super admin yet) a visitor is led to /admin-setup instead: nobody could sign in.
 */
export function RedirectSignedIn({
  children,
  loadingLabel,
  to = "/dashboard",
}: {
  children: ReactNode;
  loadingLabel: string;
  to?: string;
}) {
  const me = useMe();
  const setup = useAdminSetupStatus(me.data === null);
  if (me.isPending) return <FullPageLoader label={loadingLabel} />;
  if (me.data) return <Navigate to={to} replace />;
  if (setup.data?.isSetUp === false) return <Navigate to="/admin-setup" replace />;
  return <>{children}</>;
}
