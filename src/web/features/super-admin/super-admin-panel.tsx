import { Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBuilding,
  IconDatabaseExport,
  IconFileText,
  IconKey,
  IconShieldCheck,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import type { PlatformSummary } from "#domain/schemas/admin-users.ts";
import { api } from "#web/lib/api.ts";

const AgenciesTab = lazy(() => import("./agencies-tab.tsx"));
const UsersTab = lazy(() => import("./users-tab.tsx"));
const PermissionsTab = lazy(() => import("./permissions-tab.tsx"));
const AuditTab = lazy(() => import("./audit-tab.tsx"));
const SecurityTab = lazy(() => import("./security-tab.tsx"));
const BackupTab = lazy(() => import("./backup-tab.tsx"));

export const SUMMARY_QUERY_KEY = ["admin", "summary"] as const;

function SummaryCard(props: { label: string; value: ReactNode; icon: ReactNode; color: string; metric?: boolean }) {
  return (
    // The cards that count nothing (Segurança, Auditoria: their tabs are right below) stay off a
    // phone, where they pushed the tabs half a screen down (issue 19).
    <Card withBorder padding="lg" radius="md" visibleFrom={props.metric ? undefined : "sm"}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {props.label}
          </Text>
          <Text fw={700} fz={26}>
            {props.value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={props.color} size={40} radius="md">
          {props.icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const TABS = [
  { value: "agencias", label: "Agências", icon: <IconBuilding size={16} />, Panel: AgenciesTab },
  { value: "usuarios", label: "Usuários", icon: <IconUsers size={16} />, Panel: UsersTab },
  { value: "permissoes", label: "Permissões", icon: <IconKey size={16} />, Panel: PermissionsTab },
  { value: "auditoria", label: "Auditoria", icon: <IconFileText size={16} />, Panel: AuditTab },
  { value: "seguranca", label: "Segurança", icon: <IconShieldCheck size={16} />, Panel: SecurityTab },
  { value: "backup", label: "Backup", icon: <IconDatabaseExport size={16} />, Panel: BackupTab },
] as const;

/** The platform view of a super admin on /dashboard (spec §2.7). */
export default function SuperAdminPanel() {
  const summary = useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: () => api<PlatformSummary>("/api/admin/summary"),
  });
  const count = (value: number | undefined) =>
    summary.isPending ? <Loader role="status" size="sm" aria-label="Carregando" /> : (value ?? "—");

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Painel Super Admin</Title>
        <Text c="dimmed">Gerencie agências, usuários, permissões e a segurança de toda a plataforma.</Text>
      </div>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: "xs", sm: "md" }}>
        <SummaryCard
          label="Total de Agências"
          value={count(summary.data?.totalAgencies)}
          icon={<IconBuilding size={22} />}
          color="blue"
          metric
        />
        <SummaryCard
          label="Total de Usuários"
          value={count(summary.data?.totalUsers)}
          icon={<IconUsers size={22} />}
          color="grape"
          metric
        />
        <SummaryCard label="Segurança" value="Ativo" icon={<IconShieldCheck size={22} />} color="green" />
        <SummaryCard label="Auditoria" value="Logs" icon={<IconFileText size={22} />} color="orange" />
      </SimpleGrid>
      <Tabs defaultValue="agencias" keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Suspense fallback={<Loader role="status" aria-label="Carregando" />}>
              <Panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
