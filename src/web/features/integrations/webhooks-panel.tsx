import { Accordion, Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus, IconWebhook } from "@tabler/icons-react";
import { useState } from "react";
import type { Webhook } from "#domain/schemas/integrations.ts";
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from "#domain/webhook-events.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { CreateWebhookModal } from "./create-webhook-modal.tsx";
import { useDeleteWebhook, useSendTestDelivery } from "./use-webhooks.ts";
import { useWebhooks } from "./use-webhooks.ts";
import { WebhookDeliveries } from "./webhook-deliveries.tsx";

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const canTest = usePermission("integracoes", "edit").isAllowed;
  const canDelete = usePermission("integracoes", "delete").isAllowed;
  const sendTest = useSendTestDelivery(webhook.id);
  const remove = useDeleteWebhook();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Accordion.Item value={webhook.id} data-testid={`webhook-${webhook.id}`}>
      <Accordion.Control>
        <Text fw={600} size="sm" style={{ wordBreak: "break-all" }}>
          {webhook.url}
        </Text>
        <Group gap={4} mt={4}>
          {webhook.events.map((event) => (
            <Badge key={event} size="sm" variant="light" color="gray">
              {WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event}
            </Badge>
          ))}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Group gap="xs">
            {canTest && (
              <Button size="xs" variant="light" onClick={() => sendTest.mutate()} loading={sendTest.isPending}>
                Enviar teste
              </Button>
            )}
            {canDelete && (
              <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
                Excluir webhook
              </Button>
            )}
          </Group>
          <Text size="sm" fw={600}>
            Registro de entregas
          </Text>
          <WebhookDeliveries webhookId={webhook.id} />
        </Stack>
        <ConfirmModal
          title="Excluir webhook"
          opened={isConfirming}
          confirmLabel="Excluir"
          color="red"
          isBusy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => remove.mutate(webhook.id, { onSettled: () => setConfirming(false) })}
        >
          O endereço deixará de receber eventos, e o registro de entregas será apagado.
        </ConfirmModal>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** Webhooks: the agency's endpoints, the events each hears, and each one's delivery log. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const canCreate = usePermission("integracoes", "create").isAllowed;
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <IconWebhook size={20} aria-hidden />
          <Title order={2} size="h4">
            Webhooks
          </Title>
        </Group>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={open}>
            Novo webhook
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        O Nexo envia um POST em JSON para cada evento escolhido, assinado com HMAC-SHA256 no cabeçalho{" "}
        <code>X-Nexo-Signature</code>, e tenta de novo quando o endereço falha.
      </Text>
      {webhooks.isPending && (
        <Center p="md" role="status" aria-label="Carregando webhooks">
          <Loader size="sm" />
        </Center>
      )}
      {webhooks.isError && (
        <Alert color="red" title="Erro ao carregar os webhooks">
          {webhooks.error.message}
        </Alert>
      )}
      {webhooks.data && webhooks.data.webhooks.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum webhook registrado.
        </Text>
      )}
      {webhooks.data && webhooks.data.webhooks.length > 0 && (
        <Accordion variant="separated" chevronPosition="left">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} />
          ))}
        </Accordion>
      )}
      <CreateWebhookModal opened={opened} onClose={close} />
    </Card>
  );
}
