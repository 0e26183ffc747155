import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck, IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { passwordStrength, STRENGTH_THRESHOLD } from "#domain/password.ts";
import {
  adminSetupSchema,
  NAME_MAX_LENGTH,
  NAME_REQUIRED,
  PASSWORDS_DIFFER,
  SUPER_ADMIN_SIGNED_IN,
} from "#domain/schemas/admin-setup.ts";
import { ApiError } from "../../lib/api.ts";
import { signInWithPassword } from "../auth/auth-api.ts";
import { useEnterApp } from "../auth/use-enter-app.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAdminSetupStatus, useCreateSuperAdmin } from "./use-admin-setup.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

/** First super-admin creation (spec §2.6); 'Setup Concluído' once one exists. */
export default function AdminSetupPage() {
  const status = useAdminSetupStatus();
  return (
    <Container size={460} py={64} component="main">
      {status.isPending ? (
        <Center role="status" aria-live="polite">
          <Loader role="status" aria-label="Carregando..." />
        </Center>
      ) : status.data?.isSetUp ? (
        <SetupDone />
      ) : (
        <SetupForm />
      )}
    </Container>
  );
}

function SetupDone() {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Setup Concluído
        </Title>
        <Text c="dimmed">O super admin da plataforma já foi criado. Entre com as credenciais dele para continuar.</Text>
        <Button component={Link} to="/auth">
          Ir para o login
        </Button>
      </Stack>
    </Paper>
  );
}

function SetupForm() {
  const create = useCreateSuperAdmin();
  const [validationMessage, setValidationMessage] = useState<string | null>(null);
  const enterApp = useEnterApp();
  const form = useForm({
    initialValues: { name: "", email: "", password: "", confirmation: "" },
    transformValues: (values) => ({ ...values, email: values.email.trim() }),
    onValuesChange: () => setValidationMessage(null),
    validate: {
      name: (value) => (value.trim() ? null : NAME_REQUIRED),
      confirmation: (value, values) => (value === values.password ? null : PASSWORDS_DIFFER),
    },
  });
  const score = passwordStrength(form.values.password);

  const submit = form.onSubmit(async ({ name, email, password }) => {
    const parsed = adminSetupSchema.safeParse({ name, email, password });
    if (!parsed.success) {
      setValidationMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setValidationMessage(null);
    let created: { message: string };
    try {
      created = await create.mutateAsync(parsed.data);
    } catch (error) {
      const message = error instanceof ApiError ? `Erro ao criar super admin: ${error.message}` : unexpected(error);
      notifications.show({ title: "Erro", message, color: "red" });
      return;
    }
    // The admin just chose these credentials: open the session and go to the panel. The toast comes
    // after, and says which of the two happened (signed in, or still to sign in).
    try {
      await signInWithPassword(parsed.data.email, parsed.data.password);
      await enterApp();
      notifications.show({ title: "Sucesso", message: SUPER_ADMIN_SIGNED_IN, color: "green" });
    } catch {
      notifications.show({ title: "Entre para continuar", message: created.message, color: "blue" });
    }
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="xs" align="center" ta="center" mb="lg">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconShieldLock size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Configuração do Super Admin
        </Title>
        <Text c="dimmed" size="sm">
          Crie o primeiro administrador da plataforma. Este passo só pode ser feito uma vez.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Seu nome"
            placeholder="Nome e sobrenome"
            autoComplete="name"
            required
            maxLength={NAME_MAX_LENGTH}
            {...form.getInputProps("name")}
          />
          <TextInput
            label="Email do super admin"
            placeholder="admin@suaempresa.com"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <NewPasswordField password={form.values.password} inputProps={form.getInputProps("password")} />
          <PasswordField
            label="Confirmar senha"
            autoComplete="new-password"
            required
            {...form.getInputProps("confirmation")}
          />
          {validationMessage && (
            <Alert color="red" role="alert" title="Corrija os dados">
              {validationMessage}
            </Alert>
          )}
          <Button type="submit" loading={create.isPending} disabled={score < STRENGTH_THRESHOLD} fullWidth>
            Criar Super Admin
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Já existe uma conta?{" "}
            <Anchor component={Link} to="/auth" size="xs">
              Fazer login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}

function unexpected(error: unknown): string {
  return `Erro inesperado: ${error instanceof Error ? error.message : String(error)}`;
}
