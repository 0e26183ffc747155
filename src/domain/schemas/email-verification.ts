import { z } from "zod";

/** Texts of the e-mail verification (issue 13, item 8). */
export const EMAIL_VERIFICATION_MESSAGES = {
  sent: "Enviamos um link de verificação para o seu e-mail. O link vale por 24 horas.",
  verified: "E-mail verificado com sucesso!",
  invalidToken:
    "Este link de verificação é inválido, já foi usado ou expirou. Peça um novo em Minha conta › Segurança.",
  alreadyVerified: "Seu e-mail já está verificado.",
  notVerified: "E-mail não verificado",
  inviteNeedsVerifiedEmail:
    "Verifique seu e-mail antes de aceitar o convite: abra o link que enviamos ou peça um novo em Minha conta › Segurança.",
  tooMany: "Muitas solicitações. Aguarde alguns minutos e tente novamente.",
  emailSubject: "Confirme seu e-mail no Nexo",
} as const;

/** A verification link stays valid this long. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

export const confirmEmailVerificationSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalidToken })
    .trim()
    .min(1, EMAIL_VERIFICATION_MESSAGES.invalidToken)
    .max(200, EMAIL_VERIFICATION_MESSAGES.invalidToken),
});

export type ConfirmEmailVerificationInput = z.infer<typeof confirmEmailVerificationSchema>;
