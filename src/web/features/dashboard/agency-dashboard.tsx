import { Alert, Button, Card, Center, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconBuildingOff } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { formatLongDate } from "#web/lib/format.ts";
import type { Me } from "#web/lib/session.ts";
import { AgencyStatusCard, HelpCentreCard } from "./agency-cards.tsx";
import { PriorityTasks } from "./priority-tasks.tsx";
import { quickActionsFor } from "./quick-actions.ts";
import { StatCards } from "./stat-cards.tsx";
import { useDashboardStats } from "./use-dashboard-stats.ts";

type User = Me["user"];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Welcome({ user }: { user: User }) {
  return (
    <div>
      <Title order={2}>Bem-vindo, {user.firstName?.trim() || "Usuário"}!</Title>
      <Text c="dimmed">
        {user.agencyName} · {capitalize(formatLongDate())}
      </Text>
    </div>
  );
}

function QuickActions({ user }: { user: User }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="sm">
        Ações Rápidas
      </Text>
      <Group gap="xs">
        {quickActionsFor(user.role).map((action) => (
          <Button key={action.key} variant="light" size="sm" onClick={() => navigate(action.path)}>
            {action.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

export function NoAgency() {
  return (
    <Center py="xl">
      <Card withBorder padding="xl" maw={460} ta="center">
        <Stack align="center" gap="sm">
          <IconBuildingOff size={40} color="var(--mantine-color-dimmed)" />
          <Title order={2} size="h3">
            Sem Agência Vinculada
          </Title>
          <Text c="dimmed">
            Sua conta ainda não está vinculada a nenhuma agência. Entre em contato com o administrador para obter
            acesso.
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}

export function AgencyDashboard({ user }: { user: User }) {
  const stats = useDashboardStats(true);
  return (
    <Stack gap="lg">
      <Welcome user={user} />
      <QuickActions user={user} />
      {stats.isPending && (
        <Center p="xl" role="status" aria-label="Carregando indicadores...">
          <Loader />
        </Center>
      )}
      {stats.isError && (
        <Alert color="red" title="Erro">
          {stats.error.message}
        </Alert>
      )}
      {stats.data && (
        <>
          <StatCards stats={stats.data} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {stats.data.priorityTasks && <PriorityTasks tasks={stats.data.priorityTasks} />}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <AgencyStatusCard agency={stats.data.agency} />
                <HelpCentreCard />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
