import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SECURITY_ADMIN_MESSAGES, type SecurityOverview } from "#domain/schemas/security-admin.ts";
import { api } from "#web/lib/api.ts";
import { formatDateTime } from "#web/lib/format.ts";

const SECURITY_KEY = ["admin", "security"] as const;

function LockedAccounts({ locks }: { locks: SecurityOverview["lockedAccounts"] }) {
  const queryClient = useQueryClient();
  const unlock = useMutation({
    mutationFn: (email: string) => api<{ message: string }>("/api/admin/security/unlock", { body: { email } }),
    onSuccess: (result) => {
      notifications.show({ title: "Sucesso", message: result.message, color: "green" });
      queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
    onError: (error) =>
      notifications.show({
        title: "Erro",
        message: SECURITY_ADMIN_MESSAGES.unlockFailed + error.message,
        color: "red",
      }),
  });
  if (locks.length === 0) return <Text c="dimmed">{SECURITY_ADMIN_MESSAGES.noLocks}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Bloqueada até</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {locks.map((lock) => (
          <Table.Tr key={lock.email}>
            <Table.Td>{lock.email}</Table.Td>
            <Table.Td>{formatDateTime(lock.lockedUntil)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                loading={unlock.isPending && unlock.variables === lock.email}
                onClick={() => unlock.mutate(lock.email)}
              >
                Desbloquear
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Locked accounts, each agency's two-factor requirement and recent failed sign-ins. */
export default function SecurityTab() {
  const overview = useQuery({ queryKey: SECURITY_KEY, queryFn: () => api<SecurityOverview>("/api/admin/security") });
  if (overview.isPending) return <Loader role="status" aria-label="Carregando segurança" />;
  if (overview.isError) return <Alert color="red">Erro ao carregar segurança: {overview.error.message}</Alert>;
  const { lockedAccounts, agencyTwoFactor, recentFailures } = overview.data;
  return (
    <Stack>
      <Title order={3}>Segurança</Title>
      <Card withBorder>
        <Title order={5} mb="xs">
          Contas bloqueadas
        </Title>
        <LockedAccounts locks={lockedAccounts} />
      </Card>
      <Card withBorder>
        <Title order={5} mb="xs">
          Autenticação em dois fatores por agência
        </Title>
        {agencyTwoFactor.length === 0 && <Text c="dimmed">Nenhuma agência encontrada</Text>}
        <Stack gap={6}>
          {agencyTwoFactor.map((agency) => (
            <Group key={agency.agencyId} justify="space-between">
              <Text size="sm">{agency.agencyName}</Text>
              <Badge color={agency.isTwoFactorRequired ? "green" : "gray"} variant="light">
                {agency.isTwoFactorRequired ? "Obrigatória" : "Opcional"}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={5} mb="xs">
          Tentativas de login falhas recentes
        </Title>
        {recentFailures.length === 0 ? (
          <Text c="dimmed">{SECURITY_ADMIN_MESSAGES.noFailures}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>IP</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recentFailures.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Td>{formatDateTime(failure.createdAt)}</Table.Td>
                  <Table.Td>{failure.email}</Table.Td>
                  <Table.Td>{failure.ipAddress ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
