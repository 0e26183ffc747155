import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MINUTES } from "#domain/schemas/password-reset.ts";
import type { Mail } from "../../mail/mailer.ts";
import { escapeHtml } from "../../mail/html.ts";

export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/redefinir-senha?token=${token}`;
}

/** The pt-BR reset e-mail: the link, how long it lasts, what to do when it was not you. */
export function passwordResetEmail(to: string, url: string): Mail {
  const text = [
    "Olá!",
    "",
    "Recebemos um pedido para redefinir a senha da sua conta no Nexo. Para escolher uma nova senha, acesse:",
    url,
    "",
    `O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos e pode ser usado uma única vez. Ao redefinir, todas as sessões abertas da conta são encerradas.`,
    "",
    "Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.",
  ].join("\n");
  const html = `<p>Olá!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no Nexo.</p>
<p><a href="${escapeHtml(url)}">Escolher uma nova senha</a></p>
<p>Ou copie este endereço no navegador: ${escapeHtml(url)}</p>
<p>O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos e pode ser usado uma única vez. Ao redefinir, todas as sessões abertas da conta são encerradas.</p>
<p>Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.</p>`;
  return { to, subject: PASSWORD_RESET_MESSAGES.emailSubject, text, html };
}
