import { roleSchema } from "./shared-answers.ts";
import { z } from "zod";
import { countLabel } from "../count-label.ts";
import { assignableRoleSchema } from "./agency-users.ts";

/** Texts of the invite dialog and the pending-invite list (spec §2.8, §5, §8). */
/** Refusal when the agency's users and pending invites already fill its plan's user limit. */
export function userLimitReached(maxUsers: number): string {
  return `A agência atingiu o limite de ${countLabel(maxUsers, "usuário", "usuários")} do plano. Remova um usuário ou cancele um convite pendente antes de convidar outra pessoa.`;
}

export const INVITE_MESSAGES = {
  emailRequired: "Email é obrigatório",
  invalidEmail: "Email inválido",
  duplicate: "Já existe um convite pendente para este email",
  alreadyMember: "Este email já pertence a um usuário da agência",
  created: "Convite criado com sucesso! O usuário receberá um email com instruções.",
  createFailed: "Erro ao criar convite",
  cancelled: "Convite cancelado com sucesso!",
  cancelFailed: "Erro ao cancelar convite",
  notFound: "Convite não encontrado",
  linkCopied: "Link copiado!",
  copyFailed: "Não foi possível copiar o link.",
  empty: "Nenhum convite pendente no momento",
} as const;

/** The invite dialog's body: one schema for the form and the server. */
export const createInviteSchema = z.object({
  email: z
    .string({ error: INVITE_MESSAGES.emailRequired })
    .trim()
    .min(1, INVITE_MESSAGES.emailRequired)
    .max(254, INVITE_MESSAGES.invalidEmail)
    .pipe(z.email(INVITE_MESSAGES.invalidEmail))
    .transform((email) => email.toLowerCase()),
  role: assignableRoleSchema.default("user"),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;
export type CreateInviteBody = z.output<typeof createInviteSchema>;

export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  token: z.string(),
  inviteUrl: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  isExpired: z.boolean(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

/** How the invite's e-mail left: through SMTP, or only into the outbox (no SMTP_URL, or SMTP refused it). */
export const inviteEmailDeliverySchema = z.enum(["smtp", "outbox", "failed"]);
export type InviteEmailDelivery = z.infer<typeof inviteEmailDeliverySchema>;

/** POST /api/agency/invites: the invite and what really happened to its e-mail. */
export const createdInviteResultSchema = pendingInviteSchema.extend({
  emailDelivery: inviteEmailDeliverySchema,
});
export type CreatedInviteResult = z.infer<typeof createdInviteResultSchema>;

/** The toast after an invite: says whether an e-mail really went out, else that the link must be sent by hand. */
export function inviteCreatedMessage(delivery: InviteEmailDelivery): string {
  return delivery === "smtp"
    ? "Convite criado! Enviamos um email com o link para o convidado."
    : "Convite criado, mas nenhum email foi enviado (envio de email não configurado). Copie o link em Convites Pendentes e envie ao convidado.";
}

export const pendingInvitesPageSchema = z.object({
  invites: z.array(pendingInviteSchema),
  nextCursor: z.string().nullable(),
});
export type PendingInvitesPage = z.infer<typeof pendingInvitesPageSchema>;
