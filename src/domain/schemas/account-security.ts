import { successMessageSchema } from "./shared-answers.ts";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../password.ts";
import { newPasswordSchema } from "./password-reset.ts";

export const ACCOUNT_SECURITY_MESSAGES = {
  currentPasswordRequired: "Informe sua senha atual",
  wrongPassword: "Senha atual incorreta.",
  passwordChanged: "Senha alterada. As sessões nos outros dispositivos foram encerradas.",
  samePassword: "A nova senha deve ser diferente da atual.",
  sessionEnded: "Sessão encerrada.",
  othersEnded: "Sessões nos outros dispositivos encerradas.",
  sessionNotFound: "Sessão não encontrada.",
  reauthenticated: "Identidade confirmada.",
  reauthenticationRequired: "Por segurança, confirme sua senha para continuar.",
  tooMany: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
} as const;

const rawText = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

const currentPassword = rawText
  .refine((value) => value.length > 0, ACCOUNT_SECURITY_MESSAGES.currentPasswordRequired)
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, ACCOUNT_SECURITY_MESSAGES.wrongPassword);

export const changePasswordSchema = z
  .object({ currentPassword, newPassword: newPasswordSchema })
  .refine((value) => value.currentPassword !== value.newPassword, {
    message: ACCOUNT_SECURITY_MESSAGES.samePassword,
    path: ["newPassword"],
  });

export const reauthenticateSchema = z.object({ password: currentPassword });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One active session of the signed-in user, as the security page lists it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** The last activity (migration 0019), or the sign-in when there was none since. */
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET /api/me/sessions. */
export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });

/** POST /api/me/sessions/end-others: how many sessions were ended. */
export const endedSessionsSchema = successMessageSchema.extend({ ended: z.number() });
export type ActiveSessions = z.infer<typeof activeSessionsSchema>;
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
