import { lazy, Suspense } from "react";
import { Navigate } from "react-router";
import { useMe } from "#web/lib/session.ts";
import { FullPageLoader } from "#web/shell/full-page-loader.tsx";
import { AgencyDashboard, NoAgency } from "./agency-dashboard.tsx";

const SuperAdminPanel = lazy(() => import("../super-admin/super-admin-panel.tsx"));

/** Spec §2.7: super admins get the Super Admin Panel, everyone else the agency dashboard. */
export default function DashboardPage() {
  const me = useMe();
  if (me.isPending) return <FullPageLoader label="Carregando dashboard..." />;
  if (!me.data) {
    return (
      <>
        <FullPageLoader label="Redirecionando para login..." />
        <Navigate to="/auth" replace />
      </>
    );
  }
  const { user } = me.data;
  if (user.isSuperAdmin) {
    return (
      <Suspense fallback={<FullPageLoader label="Carregando dashboard..." />}>
        <SuperAdminPanel />
      </Suspense>
    );
  }
  if (!user.agencyId) return <NoAgency />;
  return <AgencyDashboard user={user} />;
}
