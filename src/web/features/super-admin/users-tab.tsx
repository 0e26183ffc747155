import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_USER_MESSAGES, type DeleteUserResult, deleteUserSchema } from "#domain/schemas/admin-users.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { zodValidate } from "./zod-validate.ts";

/** Deleting a user by e-mail, after a confirmation (spec §2.7, §8). */
export default function UsersTab() {
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: "" }, validate: zodValidate(deleteUserSchema) });
  const remove = useMutation({
    mutationFn: (email: string) => api<DeleteUserResult>("/api/admin/users/delete", { body: { email } }),
    onSuccess: (result) => {
      notifications.show({ title: "Sucesso", message: result.message || ADMIN_USER_MESSAGES.deleted, color: "green" });
      form.reset();
      queryClient.invalidateQueries({ queryKey: ["admin", "summary"] });
    },
    onError: (error) =>
      notifications.show({
        title: "Erro",
        message:
          error instanceof ApiError ? ADMIN_USER_MESSAGES.deleteFailed + error.message : ADMIN_USER_MESSAGES.unexpected,
        color: "red",
      }),
    onSettled: () => setPendingEmail(null),
  });

  return (
    <Stack>
      <Title order={3}>Usuários</Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Title order={4}>Deletar usuário</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Remove a conta e encerra as sessões do usuário imediatamente. Os registros de auditoria são mantidos.
        </Text>
        <form noValidate onSubmit={form.onSubmit((values) => setPendingEmail(deleteUserSchema.parse(values).email))}>
          <Group align="flex-start">
            <TextInput
              label="E-mail do usuário"
              placeholder="usuario@exemplo.com.br"
              type="email"
              style={{ flex: 1 }}
              {...form.getInputProps("email")}
            />
            <Button type="submit" color="red" mt={25} leftSection={<IconTrash size={16} />}>
              Deletar usuário
            </Button>
          </Group>
        </form>
      </Card>
      <Modal
        opened={pendingEmail !== null}
        onClose={() => setPendingEmail(null)}
        title={ADMIN_USER_MESSAGES.confirmTitle}
      >
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            Tem certeza que deseja deletar o usuário <strong>{pendingEmail}</strong>? Esta ação não pode ser desfeita.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPendingEmail(null)}>
              Cancelar
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => pendingEmail && remove.mutate(pendingEmail)}>
              Deletar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
