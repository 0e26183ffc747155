import { Anchor, Button, Group, PinInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { SIGN_IN_MESSAGES } from "#domain/sign-in-messages.ts";
import { twoFactorErrorMessage } from "../two-factor/two-factor-errors.ts";
import { verifySecondFactor } from "./auth-api.ts";
import { showAuthToast } from "./auth-toast.ts";
import { useEnterApp } from "./use-enter-app.ts";

/** Second step of sign-in for an account with two-factor: the authenticator code, or a recovery code. */
export function TwoFactorChallenge({ onCancel }: { onCancel: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enterApp = useEnterApp();

  async function submit(event?: FormEvent, value = code) {
    event?.preventDefault();
    if (isSubmitting || value.trim() === "") return;
    setSubmitting(true);
    setError(null);
    try {
      await verifySecondFactor(kind, value.trim());
      showAuthToast("success", SIGN_IN_MESSAGES.signInSuccess);
      await enterApp();
    } catch (failure) {
      setError(twoFactorErrorMessage(failure));
      setCode("");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Verificação em dois fatores">
      <Stack gap="md">
        <div>
          <Text fw={600}>Verificação em dois fatores</Text>
          <Text size="sm" c="dimmed">
            {kind === "totp"
              ? "Digite o código de 6 dígitos do seu aplicativo autenticador."
              : "Digite um dos códigos de recuperação que você guardou."}
          </Text>
        </div>
        {kind === "totp" ? (
          <Stack gap={4}>
            <Text component="label" htmlFor="totp-code" size="sm" fw={500}>
              Código de 6 dígitos
            </Text>
            <PinInput
              id="totp-code"
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={(value) => void submit(undefined, value)}
              error={Boolean(error)}
              aria-label="Código de 6 dígitos"
            />
          </Stack>
        ) : (
          <TextInput
            label="Código de recuperação"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" fullWidth loading={isSubmitting}>
          Verificar
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            Voltar
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setKind(kind === "totp" ? "backup" : "totp");
              setCode("");
              setError(null);
            }}
          >
            {kind === "totp" ? "Usar um código de recuperação" : "Usar o aplicativo autenticador"}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
