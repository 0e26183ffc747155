import { Alert, Button, Loader, Stack } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { AuthCardLayout } from "../account-security/auth-card-layout.tsx";
import { useMe } from "#web/lib/session.ts";
import { useConfirmVerification } from "./use-email-verification.ts";

/** The link of the verification e-mail: spends its token once and says what happened. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmVerification();
  const isSignedIn = Boolean(useMe().data?.user);
  const sent = useRef(false);
  useEffect(() => {
    // once, even when React runs the effect twice: the token is single use
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = isSignedIn
    ? { to: "/seguranca", label: "Ir para Minha conta" }
    : { to: "/auth", label: "Ir para o login" };
  return (
    <AuthCardLayout title="Verificação de e-mail" text="Confirmamos que este endereço de e-mail é seu.">
      <Stack>
        {!token && (
          <Alert color="red" role="alert">
            {EMAIL_VERIFICATION_MESSAGES.invalidToken}
          </Alert>
        )}
        {token && (confirm.isPending || confirm.isIdle) && <Loader aria-label="Verificando e-mail..." mx="auto" />}
        {confirm.isSuccess && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {confirm.data.message}
          </Alert>
        )}
        {confirm.isError && (
          <Alert color="red" role="alert">
            {confirm.error.message}
          </Alert>
        )}
        <Button component={Link} to={next.to} fullWidth variant={confirm.isSuccess ? "filled" : "light"}>
          {next.label}
        </Button>
      </Stack>
    </AuthCardLayout>
  );
}
