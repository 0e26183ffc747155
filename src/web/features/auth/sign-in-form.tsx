import { Alert, Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { SIGN_IN_MESSAGES } from "#domain/sign-in-messages.ts";
import { ApiError } from "../../lib/api.ts";
import { signInWithPassword } from "./auth-api.ts";
import { loadAuthSchemas } from "./auth-schemas.ts";
import { hideAuthToast, showAuthToast } from "./auth-toast.ts";
import { cleaned, typedEmail } from "./auth-input.ts";
import { Link } from "react-router";
import { TwoFactorChallenge } from "./two-factor-challenge.tsx";
import { useEnterApp } from "./use-enter-app.ts";
import { useSignInLockout } from "./use-sign-in-lockout.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

/** The 'Entrar' tab (spec §2.5, §4, §8): e-mail and password, lockout after five failures. */
export function SignInForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isSubmitting, setSubmitting] = useState(false);
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const lockout = useSignInLockout();
  const enterApp = useEnterApp();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // spec §5: an invalid e-mail makes sign-in silently do nothing (the server's schema judges it alike)
    const { signInSchema } = await loadAuthSchemas();
    const parsed = signInSchema.safeParse({ email, password });
    if (lockout.isLocked || isSubmitting || !parsed.success) return;
    setSubmitting(true);
    try {
      const result = await signInWithPassword(parsed.data.email, parsed.data.password);
      lockout.reset();
      if (result.twoFactorRedirect) {
        setNeedsSecondFactor(true);
        return;
      }
      showAuthToast("success", SIGN_IN_MESSAGES.signInSuccess);
      await enterApp();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        showAuthToast("error", SIGN_IN_MESSAGES.signInUnexpected);
      } else if (error.status === 429) {
        hideAuthToast(); // the lock's own message replaces the last error
        lockout.lock();
      } else {
        lockout.recordFailure();
        showAuthToast("error", SIGN_IN_MESSAGES.signInErrorPrefix + error.message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (needsSecondFactor) return <TwoFactorChallenge onCancel={() => setNeedsSecondFactor(false)} />;

  const isDisabled = lockout.isLocked;
  return (
    <form onSubmit={submit} noValidate aria-label="Entrar">
      <Stack gap="md">
        {lockout.isLocked && (
          <Alert color="red" variant="light" icon={<IconLock size={18} />} role="alert" title="Acesso bloqueado">
            {SIGN_IN_MESSAGES.locked}
          </Alert>
        )}
        <TextInput
          label="Email"
          placeholder="voce@suaagencia.com.br"
          type="email"
          autoComplete="email"
          required
          disabled={isDisabled}
          value={email}
          onChange={cleaned(typedEmail, setEmail)}
        />
        <PasswordField
          label="Senha"
          placeholder="Sua senha"
          autoComplete="current-password"
          required
          disabled={isDisabled}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/esqueci-senha" size="sm">
            Esqueceu sua senha?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={isDisabled}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
