import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS } from "#domain/schemas/email-verification.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";

/** The web's landing page (src/web/features/email-verification) confirms the token it carries. */
export function emailVerificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/verificar-email?token=${token}`;
}

/** The pt-BR verification e-mail: the link, how long it lasts, what to do when it was not you. */
export function emailVerificationEmail(to: string, url: string): Mail {
  const validity = `O link vale por ${EMAIL_VERIFICATION_TTL_HOURS} horas e pode ser usado uma única vez.`;
  const text = [
    "Olá!",
    "",
    "Para confirmar que este e-mail é seu e concluir o cadastro no Nexo, acesse:",
    url,
    "",
    validity,
    "",
    "Se você não criou uma conta no Nexo, ignore esta mensagem.",
  ].join("\n");
  const html = `<p>Olá!</p>
<p>Para confirmar que este e-mail é seu e concluir o cadastro no Nexo:</p>
<p><a href="${escapeHtml(url)}">Confirmar meu e-mail</a></p>
<p>Ou copie este endereço no navegador: ${escapeHtml(url)}</p>
<p>${validity}</p>
<p>Se você não criou uma conta no Nexo, ignore esta mensagem.</p>`;
  return { to, subject: EMAIL_VERIFICATION_MESSAGES.emailSubject, text, html };
}
