import { Alert, Button, Stack } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "#domain/schemas/password-reset.ts";
import { AuthCardLayout } from "./auth-card-layout.tsx";
import { usePasswordReset } from "./use-password-reset.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

/** The link of the reset e-mail: a new password, under the sign-up rules, once. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const { confirm } = usePasswordReset();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== repeat);
    if (password === repeat) confirm.mutate({ token, password });
  };
  return (
    <AuthCardLayout
      title="Criar nova senha"
      text="Escolha uma senha forte. Ao salvar, todas as sessões abertas da sua conta serão encerradas."
    >
      {confirm.isSuccess ? (
        <Stack>
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {confirm.data.message}
          </Alert>
          <Button component={Link} to="/auth" fullWidth>
            Ir para o login
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {confirm.isError && (
              <Alert color="red" role="alert">
                {confirm.error.message}
              </Alert>
            )}
            <PasswordField
              label="Nova senha"
              autoComplete="new-password"
              description="Mínimo de 12 caracteres, com maiúscula, minúscula, número e símbolo."
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordField
              label="Confirme a nova senha"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(event) => setRepeat(event.currentTarget.value)}
              error={mismatch ? PASSWORD_RESET_MESSAGES.passwordsDiffer : undefined}
            />
            <Button type="submit" fullWidth loading={confirm.isPending} disabled={!token}>
              Salvar nova senha
            </Button>
          </Stack>
        </form>
      )}
    </AuthCardLayout>
  );
}
