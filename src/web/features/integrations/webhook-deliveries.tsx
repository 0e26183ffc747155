import { Alert, Badge, Center, Loader, Table, Text } from "@mantine/core";
import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery } from "#domain/schemas/integrations.ts";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookEvent } from "#domain/webhook-events.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useWebhookDeliveries } from "./use-webhooks.ts";

const STATUS_COLOR: Record<WebhookDelivery["status"], string> = {
  pending: "yellow",
  delivered: "green",
  failed: "red",
};

const eventLabel = (event: string) =>
  event === WEBHOOK_TEST_EVENT ? "Teste" : (WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event);

/** The last deliveries of one webhook: event, status, attempts, the receiver's answer or the error. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) {
    return (
      <Center p="sm" role="status" aria-label="Carregando entregas">
        <Loader size="xs" />
      </Center>
    );
  }
  if (deliveries.isError) return <Alert color="red">{deliveries.error.message}</Alert>;
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma entrega ainda. Use "Enviar teste" para conferir o endereço.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="xs" fz="sm" aria-label="Registro de entregas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Evento</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tentativas</Table.Th>
            <Table.Th>Resposta</Table.Th>
            <Table.Th>Criada em</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <Table.Tr key={delivery.id} data-testid="webhook-delivery">
              <Table.Td>{eventLabel(delivery.event)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[delivery.status]} variant="light">
                  {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td style={{ maxWidth: 320, wordBreak: "break-word" }}>
                {delivery.lastError ?? (delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : "—")}
              </Table.Td>
              <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
