import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconShieldCheck, IconShieldLock } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { broadcastAuthChange, ME_QUERY_KEY, useMe } from "../../lib/session.ts";
import { secretOf, TotpQrCode } from "./totp-qr-code.tsx";
import { twoFactorErrorMessage } from "./two-factor-errors.ts";
import { type Enrolment, useTwoFactor } from "./use-two-factor.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

const REQUIRED_MESSAGE = "Sua agência exige autenticação em dois fatores. Ative-a para continuar.";

function showError(error: unknown) {
  notifications.show({ title: "Erro", message: twoFactorErrorMessage(error), color: "red" });
}

/** TOTP enrolment and removal for the signed-in user (reached from anywhere, and first when the agency requires it). */
export default function TwoFactorPage() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) return null; // RequireAuth shows the loader and handles signed-out visitors
  const isBlocked = user.isTwoFactorRequired && !user.twoFactorEnabled;
  return (
    <Container size={560} py={48} component="main">
      <Stack>
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <IconShieldLock size={24} />
          </ThemeIcon>
          <div>
            <Title order={1} fz="h2">
              Autenticação em dois fatores
            </Title>
            <Text c="dimmed" size="sm">
              Um código do seu aplicativo autenticador, além da senha, a cada login.
            </Text>
          </div>
        </Group>
        {isBlocked && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {REQUIRED_MESSAGE}
          </Alert>
        )}
        {user.twoFactorEnabled ? <EnabledPanel isRequired={user.isTwoFactorRequired} /> : <EnrolmentPanel />}
        {isBlocked ? (
          <SignOutLink />
        ) : (
          <Anchor component={Link} to="/dashboard" size="sm">
            Voltar ao Dashboard
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}

/** A user blocked by the agency's requirement can still leave instead of enrolling now. */
function SignOutLink() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    try {
      await api("/api/auth/sign-out", { method: "POST", body: {} });
      queryClient.setQueryData(ME_QUERY_KEY, null);
      broadcastAuthChange();
      notifications.show({ title: "Sucesso", message: "Logout realizado com sucesso!", color: "green" });
      navigate("/auth", { replace: true });
    } catch {
      notifications.show({ title: "Erro", message: "Erro durante o logout", color: "red" });
    }
  };
  return (
    <Button variant="subtle" color="gray" onClick={signOut} w="fit-content" px={0}>
      Sair e ativar depois
    </Button>
  );
}

function EnrolmentPanel() {
  const { enable } = useTwoFactor();
  const [password, setPassword] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  const start = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(password, {
      onSuccess: (result) => {
        setEnrolment(result);
        setPassword("");
      },
      onError: showError,
    });
  };

  if (enrolment) return <ConfirmPanel enrolment={enrolment} />;
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={start}>
        <Stack>
          <Text fw={600}>1. Confirme sua senha</Text>
          <Text size="sm" c="dimmed">
            Você vai precisar de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password,
            Authy...).
          </Text>
          <PasswordField
            label="Senha atual"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={enable.isPending} disabled={password === ""}>
            Ativar autenticação em dois fatores
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function ConfirmPanel({ enrolment }: { enrolment: Enrolment }) {
  const { confirm } = useTwoFactor();
  const [code, setCode] = useState("");
  const secret = secretOf(enrolment.totpURI);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: () =>
        notifications.show({
          title: "Sucesso",
          message: "Autenticação em dois fatores ativada com sucesso!",
          color: "green",
        }),
      onError: showError,
    });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Text fw={600}>2. Escaneie o QR code no aplicativo autenticador</Text>
        <Group align="flex-start" wrap="wrap">
          <TotpQrCode uri={enrolment.totpURI} />
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm" c="dimmed">
              Não consegue escanear? Digite esta chave no aplicativo:
            </Text>
            <Code block data-testid="totp-secret" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {secret.match(/.{1,4}/g)?.join(" ")}
            </Code>
          </Stack>
        </Group>
        <Text fw={600}>3. Guarde seus códigos de recuperação</Text>
        <Text size="sm" c="dimmed">
          Cada código entra uma única vez se você perder o acesso ao aplicativo. Guarde-os em um lugar seguro: eles não
          serão mostrados de novo.
        </Text>
        <SimpleGrid cols={2} spacing={4} component="ul" aria-label="Códigos de recuperação" p={0} m={0}>
          {enrolment.backupCodes.map((backupCode) => (
            <Code key={backupCode} component="li" style={{ listStyle: "none" }} ta="center">
              {backupCode}
            </Code>
          ))}
        </SimpleGrid>
        <CopyButton value={enrolment.backupCodes.join("\n")}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} color={copied ? "green" : undefined}>
              {copied ? "Códigos copiados!" : "Copiar códigos de recuperação"}
            </Button>
          )}
        </CopyButton>
        <form onSubmit={submit}>
          <Stack>
            <Text fw={600}>4. Digite o código gerado pelo aplicativo</Text>
            <TextInput
              label="Código de 6 dígitos"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ""))}
            />
            <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
              Confirmar e ativar
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function EnabledPanel({ isRequired }: { isRequired: boolean }) {
  const { disable } = useTwoFactor();
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(password, {
      onSuccess: () => {
        setPassword("");
        notifications.show({
          title: "Sucesso",
          message: "Autenticação em dois fatores desativada.",
          color: "green",
        });
      },
      onError: showError,
    });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group gap="xs">
          <IconShieldCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
          <Text fw={600}>Sua conta está protegida</Text>
          <Badge color="green" variant="light">
            Ativada
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          A cada login pediremos o código do seu aplicativo autenticador (ou um código de recuperação).
        </Text>
        {isRequired ? (
          <Text size="sm">Sua agência exige autenticação em dois fatores: ela não pode ser desativada.</Text>
        ) : (
          <form onSubmit={submit}>
            <Stack>
              <PasswordField
                label="Senha atual para desativar"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" color="red" variant="light" loading={disable.isPending} disabled={password === ""}>
                Desativar autenticação em dois fatores
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
