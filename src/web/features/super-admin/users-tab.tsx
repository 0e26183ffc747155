import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { ADMIN_USER_MESSAGES, ADMIN_USER_SEARCH_MAX, type AdminUserRow } from "#domain/schemas/admin-users.ts";
import { ApiError } from "#web/lib/api.ts";
import { useIsPhone } from "../crm/record-cells.tsx";
import { useAdminUsers, useDeleteUser } from "./use-admin-users.ts";
import { AdminUserCards } from "./users/admin-user-cards.tsx";
import { AdminUsersTable } from "./users/admin-users-table.tsx";

/** Every user of the platform (spec §2.7): searched by name or e-mail, deleted from the row after a confirmation. */
export default function UsersTab() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(debounced);
  const [pending, setPending] = useState<AdminUserRow | null>(null);
  const remove = useDeleteUser();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const isPhone = useIsPhone();

  const confirmDelete = (user: AdminUserRow) =>
    remove.mutate(user.email, {
      onSuccess: (result) =>
        notifications.show({
          title: "Sucesso",
          message: result.message || ADMIN_USER_MESSAGES.deleted,
          color: "green",
        }),
      onError: (error) =>
        notifications.show({
          title: "Erro",
          message:
            error instanceof ApiError
              ? ADMIN_USER_MESSAGES.deleteFailed + error.message
              : ADMIN_USER_MESSAGES.unexpected,
          color: "red",
        }),
      onSettled: () => setPending(null),
    });

  return (
    <Stack>
      <Title order={3}>Usuários</Title>
      <TextInput
        label="Buscar usuários"
        description="Por nome ou e-mail, em todas as agências"
        placeholder="Nome ou e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={ADMIN_USER_SEARCH_MAX}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <Center p="lg" role="status" aria-label="Carregando usuários...">
          <Loader size="sm" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" title="Erro ao carregar usuários">
          {users.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          {debounced ? "Nenhum usuário encontrado para esta busca." : "Nenhum usuário cadastrado."}
        </Text>
      ) : isPhone ? (
        <AdminUserCards users={rows} onDelete={setPending} />
      ) : (
        <Card withBorder padding={0} radius="md">
          <AdminUsersTable users={rows} onDelete={setPending} />
        </Card>
      )}
      {users.hasNextPage && (
        <Group>
          <Button variant="default" loading={users.isFetchingNextPage} onClick={() => users.fetchNextPage()}>
            Carregar mais
          </Button>
        </Group>
      )}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={ADMIN_USER_MESSAGES.confirmTitle}>
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            Tem certeza que deseja deletar o usuário <strong>{pending?.email}</strong>? Esta ação não pode ser desfeita.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancelar
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => pending && confirmDelete(pending)}>
              Deletar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
