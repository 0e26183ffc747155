import { Alert, Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected } from "@tabler/icons-react";
import { useState } from "react";
import {
  GENERAL_TOGGLES,
  INTEGRATIONS,
  type Integration,
  STATUS_ACTIONS,
  STATUS_BADGES,
  summarize,
} from "./integrations-data.ts";

function SummaryTile({
  label,
  value,
  color,
  icon,
}: {
  label: string;
  value: number;
  color: string;
  icon: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz={28} c={color}>
            {value}
          </Text>
        </div>
        {icon}
      </Group>
    </Card>
  );
}

function IntegrationRow({ integration }: { integration: Integration }) {
  const badge = STATUS_BADGES[integration.status];
  return (
    <Card withBorder radius="md" padding="md" data-testid={`integration-${integration.id}`}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 220 }}>
          <Avatar radius="md" color={badge.color} variant="light">
            {integration.name.charAt(0)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{integration.name}</Text>
              <Badge color={badge.color} variant="light">
                {badge.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {integration.description}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Última sincronização: {integration.lastSync}
            </Text>
            {integration.error && (
              <Text size="xs" c="red" mt={2}>
                {integration.error}
              </Text>
            )}
          </div>
        </Group>
        <Group gap="xs">
          {STATUS_ACTIONS[integration.status].map((action, index) => (
            <Button key={action} size="xs" variant={index === 0 ? "light" : "default"}>
              {action}
            </Button>
          ))}
        </Group>
      </Group>
    </Card>
  );
}

/** Integrações (spec §2.8): static sample data; the buttons have no behaviour yet. */
export default function IntegrationsTab() {
  const totals = summarize(INTEGRATIONS);
  const [toggles, setToggles] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(GENERAL_TOGGLES.map((toggle) => [toggle.id, true])),
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <SummaryTile
          label="Conectadas"
          value={totals.connected}
          color="green"
          icon={<IconCircleCheck size={28} color="var(--mantine-color-green-6)" />}
        />
        <SummaryTile
          label="Com problemas"
          value={totals.withProblems}
          color="red"
          icon={<IconAlertTriangle size={28} color="var(--mantine-color-red-6)" />}
        />
        <SummaryTile
          label="Disponíveis"
          value={totals.total}
          color="blue"
          icon={<IconPlugConnected size={28} color="var(--mantine-color-blue-6)" />}
        />
      </SimpleGrid>
      {totals.withProblems > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {totals.withProblems === 1
            ? "Uma integração precisa de atenção."
            : `${totals.withProblems} integrações precisam de atenção.`}
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Title order={4}>Integrações disponíveis</Title>
        <Text size="sm" c="dimmed" mb="md">
          Conecte as ferramentas que a sua agência já usa.
        </Text>
        <Stack gap="sm">
          {INTEGRATIONS.map((integration) => (
            <IntegrationRow key={integration.id} integration={integration} />
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={4}>Configurações gerais</Title>
        <Text size="sm" c="dimmed" mb="md">
          Comportamento de todas as integrações.
        </Text>
        <Stack gap="md">
          {GENERAL_TOGGLES.map((toggle) => (
            <Switch
              key={toggle.id}
              label={toggle.label}
              description={toggle.description}
              checked={toggles[toggle.id]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setToggles((current) => ({ ...current, [toggle.id]: checked }));
              }}
            />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
