import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { AuthCardLayout } from "./auth-card-layout.tsx";
import { usePasswordReset } from "./use-password-reset.ts";

/** "Esqueceu sua senha?": the same answer whether or not the e-mail has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const { request } = usePasswordReset();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };
  return (
    <AuthCardLayout
      title="Esqueceu sua senha?"
      text="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
    >
      {request.isSuccess ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status" title="Verifique seu e-mail">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              placeholder="seu@email.com"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={request.error?.message}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              Enviar link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCardLayout>
  );
}
