import { roleSchema } from "./shared-answers.ts";
import { z } from "zod";

/** Texts of the accept-invite flow (spec §2.11, §8). */
export const INVITE_ACCEPTANCE_MESSAGES = {
  invalid: "Convite inválido ou inexistente",
  expired: "Este convite expirou",
  alreadyAccepted: "Este convite já foi aceito",
  otherEmail: "Este convite foi enviado para outro e-mail. Entre com a conta convidada para aceitá-lo.",
  otherAgency: "Sua conta já pertence a outra agência. Um usuário pertence a uma única agência.",
  superAdmin: "Super admins não podem aceitar convites de agência.",
  accepted: "Convite aceito com sucesso! Bem-vindo à agência!",
  missingToken: "Token de convite não encontrado na URL",
  signInRequired: "Você precisa estar logado para aceitar um convite",
  acceptFailed: "Erro ao aceitar convite",
  invalidResponse: "Resposta da função accept_invite está em formato inválido",
  redirecting: "Convite aceito com sucesso! Redirecionando...",
} as const;

/** A token from `randomBytes(32).toString('base64url')`; anything else cannot be one. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const acceptInviteSchema = z.object({
  token: z
    .string({ error: INVITE_ACCEPTANCE_MESSAGES.missingToken })
    .trim()
    .min(1, INVITE_ACCEPTANCE_MESSAGES.missingToken)
    .regex(INVITE_TOKEN_PATTERN, INVITE_ACCEPTANCE_MESSAGES.invalid),
});

export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** The accept-invite response of spec §3; the web checks every answer against it. */
export const acceptInviteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  agency_id: z.string().optional(),
  role: z.string().optional(),
});

export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

/** What the invite page shows before the user accepts. */
export const inviteSummarySchema = z.object({
  agencyName: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
  /** False when the invite was addressed to another e-mail than the signed-in user's. */
  isForCurrentUser: z.boolean(),
});
export type InviteSummary = z.infer<typeof inviteSummarySchema>;

/** What a signed-out visitor of an invite link sees: who invites, as what, and whether the address has an account. */
export const invitePreviewSchema = z.object({
  agencyName: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
  /** Whether the invited e-mail already has a Nexo account ("Entrar" then comes first, else "Criar conta"). */
  hasAccount: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
