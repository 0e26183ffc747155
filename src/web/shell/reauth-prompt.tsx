import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ACCOUNT_SECURITY_MESSAGES, reauthenticateSchema } from "#domain/schemas/account-security.ts";
import { api } from "#web/lib/api.ts";
import { settleReauthentication } from "#web/lib/reauthentication.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

/**
 * Asks the password again before a sensitive action the server refused for want of a recent
 * confirmation (lib/reauthentication.ts). Confirmed, the refused request is sent again; cancelled,
 * it fails with the server's message. A chunk of its own: most visits never need it.
 */
export default function ReauthPrompt() {
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => api("/api/me/reauthenticate", { body: { password: value } }),
    onSuccess: () => settleReauthentication(true),
    onError: (error) => setFieldError(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reauthenticateSchema.safeParse({ password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired);
      return;
    }
    confirm.mutate(parsed.data.password);
  };
  return (
    <Modal opened onClose={() => settleReauthentication(false)} title="Confirme sua senha" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{ACCOUNT_SECURITY_MESSAGES.reauthenticationRequired}</Text>
          <PasswordField
            label="Senha"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => settleReauthentication(false)}>
              Cancelar
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
