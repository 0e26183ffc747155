import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useMe } from "../../lib/session.ts";
import { TWO_FACTOR_PATH } from "../two-factor/require-enrolment.tsx";
import { EmailVerificationPanel } from "../email-verification/email-verification-panel.tsx";
import { ChangePasswordPanel } from "./change-password-panel.tsx";
import { SessionsPanel } from "./sessions-panel.tsx";

/** The signed-in user's own security: password, two-factor, active sessions. */
export default function SecurityPage() {
  const user = useMe().data?.user;
  if (!user) return null; // RequireAuth shows the loader
  return (
    <Container size={720} py={48} component="main">
      <Stack>
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <IconShieldLock size={24} />
          </ThemeIcon>
          <div>
            <Title order={1} fz="h2">
              Segurança da conta
            </Title>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          </div>
        </Group>
        <EmailVerificationPanel isVerified={user.isEmailVerified} />
        <ChangePasswordPanel />
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} size="h4">
                Autenticação em dois fatores
              </Title>
              <Badge mt={4} color={user.twoFactorEnabled ? "green" : "gray"} variant="light">
                {user.twoFactorEnabled ? "Ativada" : "Desativada"}
              </Badge>
            </div>
            <Button component={Link} to={TWO_FACTOR_PATH} variant="light">
              {user.twoFactorEnabled ? "Gerenciar" : "Ativar"}
            </Button>
          </Group>
        </Paper>
        <SessionsPanel />
        <Anchor component={Link} to="/dashboard" size="sm">
          Voltar ao Dashboard
        </Anchor>
      </Stack>
    </Container>
  );
}
