import { Loader, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useMe } from "#web/lib/session.ts";

const SuperAdminPanel = lazy(() => import("../super-admin/super-admin-panel.tsx"));

// Super admins see the Super Admin Panel (spec §2.7); the agency dashboard is a placeholder until its issue lands.
export default function DashboardPage() {
  const me = useMe();
  if (me.isPending) return <Loader aria-label="Carregando dashboard..." />;
  if (me.data?.user.isSuperAdmin) {
    return (
      <Suspense fallback={<Loader aria-label="Carregando dashboard..." />}>
        <SuperAdminPanel />
      </Suspense>
    );
  }
  return <Title order={2}>Dashboard</Title>;
}
