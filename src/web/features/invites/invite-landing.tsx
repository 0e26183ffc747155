import { Alert, Button, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconMailOpened } from "@tabler/icons-react";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { passwordStrength, STRENGTH_THRESHOLD } from "#domain/password.ts";
import { ROLE_LABELS } from "#domain/roles.ts";
import { PASSWORDS_DIFFER } from "#domain/schemas/admin-setup.ts";
import type { InvitePreview } from "#domain/schemas/invite-acceptance.ts";
import { INVITE_ACCEPTANCE_MESSAGES as M } from "#domain/schemas/invite-acceptance.ts";
import { SIGN_IN_MESSAGES } from "#domain/sign-in-messages.ts";
import { ApiError } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { NewPasswordField } from "../admin-setup/new-password-field.tsx";
import { InvalidInviteLink, InviteFrame, InviteLoading } from "./accept-invite-states.tsx";
import { type LandingOutcome, useInvitePreview, useJoinFromInvite } from "./use-invite-landing.ts";
import { PasswordField } from "#web/lib/password-field.tsx";

type Mode = "criar" | "entrar";

/**
 * A signed-out visitor of an invite link: the agency and the role, the e-mail filled in, and one
 * form that creates the account (or signs in) and accepts the invite in the same step.
 */
export function InviteLanding({ token }: { token: string }) {
  const preview = useInvitePreview(token);
  if (preview.isPending) return <InviteLoading label="Carregando convite..." />;
  if (preview.isError) return <InvalidInviteLink message={preview.error.message || M.invalid} signedOut />;
  return <InviteJoin token={token} invite={preview.data} />;
}

function InviteJoin({ token, invite }: { token: string; invite: InvitePreview }) {
  const [mode, setMode] = useState<Mode>(invite.hasAccount ? "entrar" : "criar");
  const [secondFactor, setSecondFactor] = useState(false);
  const navigate = useNavigate();
  const onOutcome = (outcome: LandingOutcome) => {
    if (outcome.kind === "second-factor") return setSecondFactor(true);
    notifications.show({ title: "Bem-vindo!", message: outcome.message, color: "green" });
    navigate("/dashboard", { replace: true });
  };
  // Sign-in with a second factor: the sign-in page asks for the code, then brings the visitor back here.
  if (secondFactor) return <Navigate to={`/auth?next=${encodeURIComponent(`/accept-invite/${token}`)}`} replace />;
  return (
    <InviteFrame>
      <Stack>
        <Stack gap={4}>
          <IconMailOpened size={32} color="var(--mantine-color-blue-7)" aria-hidden />
          <Title order={1} fz="h2">
            Convite para {invite.agencyName}
          </Title>
          <Text>
            Você foi convidado para a agência <strong>{invite.agencyName}</strong> com a função{" "}
            <strong>{ROLE_LABELS[invite.role]}</strong>.
          </Text>
          <Text size="sm" c="dimmed">
            Válido até {formatDateTime(invite.expiresAt)}
          </Text>
        </Stack>
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: "criar", label: "Criar conta" },
            { value: "entrar", label: "Entrar" },
          ]}
          aria-label="Como continuar"
        />
        {mode === "criar" ? (
          <CreateAccountForm token={token} email={invite.email} onOutcome={onOutcome} />
        ) : (
          <SignInForm token={token} email={invite.email} onOutcome={onOutcome} />
        )}
      </Stack>
    </InviteFrame>
  );
}

type FormProps = { token: string; email: string; onOutcome(outcome: LandingOutcome): void };

function CreateAccountForm({ token, email, onOutcome }: FormProps) {
  const join = useJoinFromInvite(token);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { firstName: "", lastName: "", password: "", confirmation: "" },
    validate: {
      firstName: (value) => (value.trim() ? null : SIGN_IN_MESSAGES.firstNameRequired),
      lastName: (value) => (value.trim() ? null : SIGN_IN_MESSAGES.lastNameRequired),
      confirmation: (value, values) => (value === values.password ? null : PASSWORDS_DIFFER),
    },
  });
  const submit = form.onSubmit(async ({ firstName, lastName, password }) => {
    setSubmitting(true);
    setError(null);
    try {
      onOutcome(await join.signUp({ firstName: firstName.trim(), lastName: lastName.trim(), email, password }));
    } catch (caught) {
      setError(messageOf(caught, SIGN_IN_MESSAGES.signUpErrorPrefix));
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Criar conta">
      <Stack gap="md">
        <TextInput label="Email" value={email} readOnly description="O convite foi enviado para este email." />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Nome" autoComplete="given-name" required {...form.getInputProps("firstName")} />
          <TextInput label="Sobrenome" autoComplete="family-name" required {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <NewPasswordField password={form.values.password} inputProps={form.getInputProps("password")} />
        <PasswordField
          label="Confirmar senha"
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmation")}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          loading={isSubmitting}
          disabled={passwordStrength(form.values.password) < STRENGTH_THRESHOLD}
        >
          Criar conta e entrar na agência
        </Button>
      </Stack>
    </form>
  );
}

function SignInForm({ token, email, onOutcome }: FormProps) {
  const join = useJoinFromInvite(token);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      onOutcome(await join.signIn(email, password));
    } catch (caught) {
      setError(messageOf(caught, SIGN_IN_MESSAGES.signInErrorPrefix));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Entrar">
      <Stack gap="md">
        <TextInput label="Email" value={email} readOnly />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={isSubmitting} disabled={!password}>
          Entrar e aceitar o convite
        </Button>
      </Stack>
    </form>
  );
}

function messageOf(error: unknown, prefix: string): string {
  if (error instanceof ApiError && error.message === SIGN_IN_MESSAGES.emailTaken) return error.message;
  if (error instanceof Error && error.message) return prefix + error.message;
  return `${prefix}${M.acceptFailed}`;
}
