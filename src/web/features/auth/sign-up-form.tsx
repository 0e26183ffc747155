import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ChangeEvent, useEffect, useState } from "react";
import { passwordStrength, STRENGTH_THRESHOLD } from "#domain/password.ts";
import { SIGNUP_ROLE_LABELS } from "#domain/roles.ts";
import { SIGN_IN_MESSAGES, SIGN_UP_ROLES } from "#domain/sign-in-messages.ts";
import { ApiError } from "../../lib/api.ts";
import { NewPasswordField } from "../admin-setup/new-password-field.tsx";
import { zodValidate } from "../super-admin/zod-validate.ts";
import { signUpWithPassword } from "./auth-api.ts";
import { loadAuthSchemas, loadedAuthSchemas } from "./auth-schemas.ts";
import { showAuthToast } from "./auth-toast.ts";
import { typedEmail, typedText } from "./auth-input.ts";
import { deadLink } from "./dead-link.ts";
import { useEnterApp } from "./use-enter-app.ts";

const ROLE_OPTIONS = SIGN_UP_ROLES.map((role) => ({ value: role, label: SIGNUP_ROLE_LABELS[role] }));

type Field = "firstName" | "lastName" | "email" | "company";

/** The 'Cadastrar' tab (spec §2.5, §5, §8): validated by the schema the server applies too. */
export function SignUpForm() {
  const [isSubmitting, setSubmitting] = useState(false);
  const enterApp = useEnterApp();
  const form = useForm({
    initialValues: { firstName: "", lastName: "", email: "", password: "", company: "", role: "user" },
    // Until the schemas arrive (right after the first paint) fields wait; the submit always checks.
    validate: (values) => {
      const schemas = loadedAuthSchemas();
      return schemas ? zodValidate(schemas.signUpSchema)(values) : {};
    },
    validateInputOnBlur: true,
  });
  const score = passwordStrength(form.values.password);

  const cleanedInput = (field: Field, clean: (value: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, clean(event.currentTarget.value)),
  });

  useEffect(() => {
    void loadAuthSchemas();
  }, []);

  const submit = form.onSubmit(async (values) => {
    const { signUpSchema } = await loadAuthSchemas();
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) form.setErrors(zodValidate(signUpSchema)(values));
    if (!parsed.success || isSubmitting) return;
    setSubmitting(true);
    try {
      await signUpWithPassword(parsed.data);
      showAuthToast("success", SIGN_IN_MESSAGES.signUpSuccess);
      await enterApp();
    } catch (error) {
      showAuthToast("error", signUpErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Cadastrar">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Nome" autoComplete="given-name" required {...cleanedInput("firstName", typedText)} />
          <TextInput label="Sobrenome" autoComplete="family-name" required {...cleanedInput("lastName", typedText)} />
        </SimpleGrid>
        <TextInput
          label="Email"
          placeholder="voce@suaagencia.com.br"
          type="email"
          autoComplete="email"
          required
          {...cleanedInput("email", typedEmail)}
        />
        <NewPasswordField password={form.values.password} inputProps={form.getInputProps("password")} />
        <TextInput
          label="Empresa"
          description="Opcional"
          autoComplete="organization"
          {...cleanedInput("company", typedText)}
        />
        {/* native: keyboard and phone pickers for free, and /auth's first load stays small */}
        <NativeSelect label="Função" data={ROLE_OPTIONS} {...form.getInputProps("role")} />
        <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={score < STRENGTH_THRESHOLD}>
          Criar conta
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Ao criar uma conta, você concorda com os{" "}
          <Anchor href="#" size="xs" onClick={deadLink}>
            Termos de Uso
          </Anchor>{" "}
          e a{" "}
          <Anchor href="#" size="xs" onClick={deadLink}>
            Política de Privacidade
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}

/** Spec §8: a taken e-mail has its own toast; other refusals carry the server's message. */
function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SIGN_IN_MESSAGES.signUpUnexpected;
  if (error.message === SIGN_IN_MESSAGES.emailTaken || error.message.includes("User already registered")) {
    return SIGN_IN_MESSAGES.emailTaken;
  }
  return SIGN_IN_MESSAGES.signUpErrorPrefix + error.message;
}
