import { Alert, Avatar, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { INTEGRATIONS, type Integration } from "./integrations-data.ts";

function IntegrationRow({ integration }: { integration: Integration }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={`integration-${integration.id}`}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar radius="md" color="gray" variant="light" aria-hidden>
          {integration.name.charAt(0)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{integration.name}</Text>
            <Badge color="gray" variant="light">
              Não conectado
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {integration.description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** Integrações (spec §2.8): what each tool will do; nothing is connected until the integrations exist. */
export default function IntegrationsTab() {
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Nenhuma integração conectada">
        As conexões com ferramentas externas ainda não estão disponíveis no Nexo. Quando estiverem, você poderá
        conectá-las por aqui.
      </Alert>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Integrações previstas
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          As ferramentas que a sua agência poderá conectar.
        </Text>
        <Stack gap="sm">
          {INTEGRATIONS.map((integration) => (
            <IntegrationRow key={integration.id} integration={integration} />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
