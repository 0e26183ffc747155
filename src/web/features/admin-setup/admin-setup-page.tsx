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
import { adminSetupSchema } from "#domain/schemas/admin-setup.ts";
import { ApiError } from "../../lib/api.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAdminSetupStatus, useCreateSuperAdmin } from "./use-admin-setup.ts";

/** First super-admin creation (spec §2.6); 'Setup Concluído' once one exists. */
export default function AdminSetupPage() {
  const status = useAdminSetupStatus();
  return (
    <Container size={460} py={64} component="main">
      {status.isPending ? (
        <Center role="status" aria-live="polite">
          <Loader aria-label="Carregando..." />
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
  const form = useForm({
    initialValues: { email: "", password: "" },
    transformValues: (values) => ({ ...values, email: values.email.trim() }),
    onValuesChange: () => setValidationMessage(null),
  });
  const score = passwordStrength(form.values.password);

  const submit = form.onSubmit(async (values) => {
    const parsed = adminSetupSchema.safeParse(values);
    if (!parsed.success) {
      setValidationMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setValidationMessage(null);
    try {
      const result = await create.mutateAsync(parsed.data);
      notifications.show({ title: "Sucesso", message: result.message, color: "green" });
    } catch (error) {
      const message = error instanceof ApiError ? `Erro ao criar super admin: ${error.message}` : unexpected(error);
      notifications.show({ title: "Erro", message, color: "red" });
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
            label="Email do super admin"
            placeholder="admin@suaempresa.com"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <NewPasswordField password={form.values.password} inputProps={form.getInputProps("password")} />
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
