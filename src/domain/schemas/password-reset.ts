import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordIssues } from "../password.ts";
import { SIGN_IN_MESSAGES } from "../sign-in-messages.ts";

export const PASSWORD_RESET_MESSAGES = {
  requested:
    "Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. O link vale por 30 minutos.",
  done: "Senha redefinida. Entre com a nova senha.",
  invalidToken: "Este link de redefinição é inválido ou expirou. Solicite um novo.",
  tooMany: "Muitas solicitações. Aguarde alguns minutos e tente novamente.",
  passwordsDiffer: "As senhas não coincidem",
  emailSubject: "Redefinição de senha do Nexo",
} as const;

/** A reset link stays valid this long (issue 13). */
export const PASSWORD_RESET_TTL_MINUTES = 30;

const rawText = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** The new password: the sign-up rules of spec §5, never rewritten. */
export const newPasswordSchema = rawText.superRefine((value, ctx) => {
  for (const message of passwordIssues(value)) ctx.addIssue({ code: "custom", message });
  if (value.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: "custom", message: SIGN_IN_MESSAGES.passwordTooLong });
});

export const requestPasswordResetSchema = z.object({
  email: rawText
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => z.email().safeParse(value).success, SIGN_IN_MESSAGES.invalidEmail),
});

export const confirmPasswordResetSchema = z.object({
  token: rawText.refine((value) => /^[A-Za-z0-9_-]{20,100}$/.test(value), PASSWORD_RESET_MESSAGES.invalidToken),
  password: newPasswordSchema,
});

export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;
export type ConfirmPasswordResetInput = z.infer<typeof confirmPasswordResetSchema>;
