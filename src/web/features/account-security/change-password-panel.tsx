import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useSessionActions } from "./use-account-security.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

/** Change password: the current one required; the other devices are signed out. */
export function ChangePasswordPanel() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const { changePassword } = useSessionActions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          setCurrent("");
          setNew("");
          notifications.show({ title: "Senha alterada", message: answer.message, color: "green" });
        },
      },
    );
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              Alterar senha
            </Title>
            <Text size="sm" c="dimmed">
              As sessões nos outros dispositivos serão encerradas.
            </Text>
          </div>
          <PasswordField
            label="Senha atual"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            description="Mínimo de 12 caracteres, com maiúscula, minúscula, número e símbolo."
            required
            value={newPassword}
            onChange={(event) => setNew(event.currentTarget.value)}
            error={changePassword.error?.message}
          />
          <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: "flex-start" }}>
            Alterar senha
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
