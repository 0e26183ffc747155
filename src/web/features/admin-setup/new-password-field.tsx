import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { PasswordRequirements } from "./password-requirements.tsx";

/** A new password with its strength meter and requirements (sign-up and admin setup, spec §5). */
export function NewPasswordField({ password, inputProps }: { password: string; inputProps: PasswordInputProps }) {
  return (
    <>
      <PasswordInput
        label="Senha"
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar senha" }}
        {...inputProps}
      />
      <PasswordRequirements password={password} />
    </>
  );
}
