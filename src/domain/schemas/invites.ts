import { z } from "zod";
import type { Role } from "../roles.ts";
import { assignableRoleSchema } from "./agency-users.ts";

/** Texts of the invite dialog and the pending-invite list (spec §2.8, §5, §8). */
/** Refusal when the agency's users and pending invites already fill its plan's user limit. */
export function userLimitReached(maxUsers: number): string {
  return `A agência atingiu o limite de ${maxUsers} usuários do plano. Remova um usuário ou cancele um convite pendente antes de convidar outra pessoa.`;
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

export type PendingInvite = {
  id: string;
  email: string;
  role: Role;
  token: string;
  inviteUrl: string;
  expiresAt: string;
  createdAt: string;
  isExpired: boolean;
};

/** How the invite's e-mail left: through SMTP, or only into the outbox (no SMTP_URL, or SMTP refused it). */
export type InviteEmailDelivery = "smtp" | "outbox" | "failed";

/** POST /api/agency/invites: the invite and what really happened to its e-mail. */
export type CreatedInviteResult = PendingInvite & { emailDelivery: InviteEmailDelivery };

/** The toast after an invite: says whether an e-mail really went out, else that the link must be sent by hand. */
export function inviteCreatedMessage(delivery: InviteEmailDelivery): string {
  return delivery === "smtp"
    ? "Convite criado! Enviamos um email com o link para o convidado."
    : "Convite criado, mas nenhum email foi enviado (envio de email não configurado). Copie o link em Convites Pendentes e envie ao convidado.";
}

export type PendingInvitesPage = { invites: PendingInvite[]; nextCursor: string | null };
