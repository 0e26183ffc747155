import { ApiError } from "../../lib/api.ts";

// better-auth answers in English with `{ code, message }`; what a person reads is pt-BR.
const PT_BR_BY_MESSAGE: Record<string, string> = {
  "Invalid password": "Senha incorreta.",
  "Invalid code": "Código inválido. Confira o código de 6 dígitos do seu aplicativo autenticador.",
  "Invalid backup code": "Código de recuperação inválido.",
  "TOTP is already enabled": "A autenticação em dois fatores já está ativada.",
  "TOTP not enabled": "A autenticação em dois fatores não está ativada.",
  "Two factor isn't enabled": "A autenticação em dois fatores não está ativada.",
  "Invalid two factor cookie": "A verificação expirou. Entre novamente com e-mail e senha.",
  "Too many attempts. Please request a new code.": "Muitas tentativas. Entre novamente com e-mail e senha.",
  "Too many failed verification attempts. Your account is temporarily locked. Please try again later.":
    "Muitas tentativas inválidas. Aguarde alguns minutos antes de tentar novamente.",
  "Too many requests. Please try again later.": "Muitas tentativas. Aguarde alguns segundos e tente novamente.",
};

/** The pt-BR message of a failed two-factor call (our own errors are already pt-BR). */
export function twoFactorErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return PT_BR_BY_MESSAGE["Too many requests. Please try again later."];
    return PT_BR_BY_MESSAGE[error.message] ?? error.message;
  }
  return "Erro inesperado. Tente novamente.";
}
