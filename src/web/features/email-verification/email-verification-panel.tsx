import { Alert, Badge, Button, Group, Paper, Text, Title } from "@mantine/core";
import { EMAIL_VERIFICATION_MESSAGES } from "#domain/schemas/email-verification.ts";
import { useResendVerification } from "./use-email-verification.ts";

/** The account's address: verified, or a badge and "Reenviar e-mail de verificação". */
export function EmailVerificationPanel({ isVerified }: { isVerified: boolean }) {
  const resend = useResendVerification();
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Verificação de e-mail
          </Title>
          <Badge mt={4} color={isVerified ? "green" : "yellow"} variant="light">
            {isVerified ? "E-mail verificado" : EMAIL_VERIFICATION_MESSAGES.notVerified}
          </Badge>
          {!isVerified && (
            <Text size="sm" c="dimmed" mt={4}>
              Confirme seu e-mail pelo link que enviamos. Sem a verificação não é possível aceitar convites de agência.
            </Text>
          )}
        </div>
        {!isVerified && (
          <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
            Reenviar e-mail de verificação
          </Button>
        )}
      </Group>
      {resend.isSuccess && (
        <Alert color="green" mt="md" role="status">
          {resend.data.message}
        </Alert>
      )}
      {resend.isError && (
        <Alert color="red" mt="md" role="alert">
          {resend.error.message}
        </Alert>
      )}
    </Paper>
  );
}
