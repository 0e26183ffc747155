import { Alert, Badge, Button, Card, Center, Group, Loader, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { normalizeRole, ROLE_LABELS } from "#domain/roles.ts";
import type { ApiKey } from "#domain/schemas/integrations.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { CreateApiKeyModal } from "./create-api-key-modal.tsx";
import { useApiKeys, useRevokeApiKey } from "./use-api-keys.ts";

function KeyRow({ apiKey, canRevoke }: { apiKey: ApiKey; canRevoke: boolean }) {
  const revoke = useRevokeApiKey();
  const [isConfirming, setConfirming] = useState(false);
  const isRevoked = apiKey.revokedAt !== null;
  return (
    <Table.Tr data-testid={`api-key-${apiKey.id}`}>
      <Table.Td>
        <Text fw={600} size="sm">
          {apiKey.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {apiKey.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>{ROLE_LABELS[normalizeRole(apiKey.role)]}</Table.Td>
      <Table.Td>{formatDateTime(apiKey.createdAt)}</Table.Td>
      <Table.Td>{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "Nunca usada"}</Table.Td>
      <Table.Td>
        {isRevoked ? (
          <Badge color="gray" variant="light">
            Revogada
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Ativa
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {canRevoke && !isRevoked && (
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
            Revogar<VisuallyHidden> a chave {apiKey.name}</VisuallyHidden>
          </Button>
        )}
        <ConfirmModal
          title="Revogar chave"
          opened={isConfirming}
          confirmLabel="Revogar"
          color="red"
          isBusy={revoke.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => revoke.mutate(apiKey.id, { onSettled: () => setConfirming(false) })}
        >
          As integrações que usam a chave <strong>{apiKey.name}</strong> deixarão de funcionar na hora.
        </ConfirmModal>
      </Table.Td>
    </Table.Tr>
  );
}

/** Chaves de API: the agency's keys, a new one shown once, revocation. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const canCreate = usePermission("integracoes", "create").isAllowed;
  const canRevoke = usePermission("integracoes", "delete").isAllowed;
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <IconKey size={20} aria-hidden />
          <Title order={2} size="h4">
            Chaves de API
          </Title>
        </Group>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={open}>
            Nova chave
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Envie a chave no cabeçalho <code>Authorization: Bearer &lt;chave&gt;</code>. Cada chave age com as permissões do
        papel escolhido, só na sua agência.
      </Text>
      {keys.isPending && (
        <Center p="md" role="status" aria-label="Carregando chaves">
          <Loader size="sm" />
        </Center>
      )}
      {keys.isError && (
        <Alert color="red" title="Erro ao carregar as chaves">
          {keys.error.message}
        </Alert>
      )}
      {keys.data && keys.data.keys.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhuma chave criada.
        </Text>
      )}
      {keys.data && keys.data.keys.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label="Chaves de API">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Papel</Table.Th>
                <Table.Th>Criada em</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.keys.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} canRevoke={canRevoke} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateApiKeyModal opened={opened} onClose={close} />
    </Card>
  );
}
