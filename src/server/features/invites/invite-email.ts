import { ROLE_LABELS, type Role } from "#domain/roles.ts";
import type { Mail } from "../../mail/mailer.ts";
import { escapeHtml } from "../../mail/html.ts";

export type InviteEmailInput = { to: string; agencyName: string; role: Role; inviteUrl: string; expiresAt: Date };

/** dd/MM/yyyy in São Paulo time, the agencies' default zone. */
function formatExpiry(date: Date): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short" }).format(date);
}

/** The pt-BR invite e-mail: who invites, with which role, the link and until when it is valid. */
export function inviteEmail(input: InviteEmailInput): Mail {
  const role = ROLE_LABELS[input.role];
  const expiry = formatExpiry(input.expiresAt);
  const subject = `Convite para a agência ${input.agencyName} no Nexo`;
  const text = [
    "Olá!",
    "",
    `Você foi convidado(a) para participar da agência ${input.agencyName} no Nexo com a função ${role}.`,
    "",
    "Para aceitar, acesse o link abaixo (entre ou crie sua conta com este e-mail):",
    input.inviteUrl,
    "",
    `O convite é válido até ${expiry}.`,
    "",
    "Se você não esperava este convite, ignore esta mensagem.",
  ].join("\n");
  const html = `<p>Olá!</p>
<p>Você foi convidado(a) para participar da agência <strong>${escapeHtml(input.agencyName)}</strong> no Nexo com a função <strong>${escapeHtml(role)}</strong>.</p>
<p><a href="${escapeHtml(input.inviteUrl)}">Aceitar convite</a></p>
<p>Ou copie este endereço no navegador: ${escapeHtml(input.inviteUrl)}</p>
<p>O convite é válido até ${expiry}. Entre ou crie sua conta com este e-mail para aceitá-lo.</p>
<p>Se você não esperava este convite, ignore esta mensagem.</p>`;
  return { to: input.to, subject, text, html };
}
