import { Avatar, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { usePermission } from "#web/lib/permissions.ts";
import { ApiKeysPanel } from "../integrations/api-keys-panel.tsx";
import { WebhooksPanel } from "../integrations/webhooks-panel.tsx";
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

/**
 * Integrações (spec §2.8): Nexo's own API keys and webhooks, which are real, and the third-party
 * tools, none connected until such a connection exists (no invented sync times).
 */
export default function IntegrationsTab() {
  const canView = usePermission("integracoes", "view").isAllowed;
  return (
    <Stack gap="md">
      {canView && <ApiKeysPanel />}
      {canView && <WebhooksPanel />}
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4">
          Ferramentas externas
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          As conexões diretas com estas ferramentas ainda não estão disponíveis; até lá, use as chaves de API e os
          webhooks acima.
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
