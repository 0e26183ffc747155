import { Stack, Text, Title } from "@mantine/core";
import IntegrationsTab from "../settings/integrations-tab.tsx";

/** /app/integracoes: the same screen as Configurações › Integrações, for roles with the module but not the settings. */
export default function IntegrationsPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Integrações</Title>
        <Text c="dimmed">Chaves de API, webhooks e conexões com outras ferramentas.</Text>
      </div>
      <IntegrationsTab />
    </Stack>
  );
}
