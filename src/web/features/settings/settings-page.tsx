import { Alert, Center, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconBuilding, IconPlugConnected, IconSettings, IconUsers } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { usePermission } from "#web/lib/permissions.ts";
import { useMe } from "#web/lib/session.ts";
import { NoAgencyNotice } from "#web/shell/no-agency-notice.tsx";

const ProfileTab = lazy(() => import("./profile-tab.tsx"));
const UsersTab = lazy(() => import("./users-tab.tsx"));
const SystemTab = lazy(() => import("./system-tab.tsx"));
const IntegrationsTab = lazy(() => import("./integrations-tab.tsx"));

/** The four vertical tabs of spec §2.8; each is reachable by URL as /app/configuracoes?tab=<value>. */
export const SETTINGS_TABS = [
  { value: "perfil", label: "Perfil da Agência", icon: IconBuilding, Panel: ProfileTab },
  { value: "usuarios", label: "Usuários e Permissões", icon: IconUsers, Panel: UsersTab },
  { value: "sistema", label: "Configurações de Sistema", icon: IconSettings, Panel: SystemTab },
  { value: "integracoes", label: "Integrações", icon: IconPlugConnected, Panel: IntegrationsTab },
] as const;

type TabValue = (typeof SETTINGS_TABS)[number]["value"];
const DEFAULT_TAB: TabValue = "perfil";

function isTabValue(value: string | null): value is TabValue {
  return SETTINGS_TABS.some((tab) => tab.value === value);
}

function SettingsDenied() {
  return (
    <Alert color="red" title="Acesso Negado" role="alert">
      <Text size="sm">Você não tem permissão para acessar as configurações.</Text>
      <Text size="sm">Entre em contato com o administrador para solicitar acesso.</Text>
    </Alert>
  );
}

function TabLoader() {
  return (
    <Center p="xl" role="status" aria-label="Carregando...">
      <Loader size="sm" />
    </Center>
  );
}

/** /app/configuracoes: guarded by configuracoes:view (spec §2.8). */
export default function SettingsPage() {
  const access = usePermission("configuracoes", "view");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const active = isTabValue(requested) ? requested : DEFAULT_TAB;
  // On a phone the four tabs sit above the panel: beside it they would leave the forms no width.
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });

  const user = useMe().data?.user;
  if (access.isLoading) return <TabLoader />;
  if (user && !user.agencyId) return <NoAgencyNotice subject="As configurações" isSuperAdmin={user.isSuperAdmin} />;
  if (!access.isAllowed) return <SettingsDenied />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Configurações</Title>
        <Text c="dimmed">Gerencie o perfil, a equipe, as preferências e as integrações da sua agência.</Text>
      </div>
      <Tabs
        orientation={isPhone ? "horizontal" : "vertical"}
        variant={isPhone ? "default" : "pills"}
        value={active}
        onChange={(value) => value && setParams({ tab: value }, { replace: true })}
        keepMounted={false}
        styles={{ tabLabel: { textAlign: "start" } }}
      >
        <Tabs.List miw={isPhone ? undefined : 220}>
          {SETTINGS_TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pl={isPhone ? 0 : "lg"} pt={isPhone ? "md" : 0} style={{ minWidth: 0 }}>
            <Suspense fallback={<TabLoader />}>
              <Panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
