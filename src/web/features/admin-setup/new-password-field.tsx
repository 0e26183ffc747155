import { PasswordField, type PasswordFieldProps } from "#web/lib/password-field.tsx";
import { PasswordRequirements } from "./password-requirements.tsx";

/** A new password with its strength meter and requirements (sign-up and admin setup, spec §5). */
export function NewPasswordField({ password, inputProps }: { password: string; inputProps: PasswordFieldProps }) {
  return (
    <>
      <PasswordField label="Senha" autoComplete="new-password" required {...inputProps} />
      <PasswordRequirements password={password} />
    </>
  );
}
