import { ACCOUNT_SECURITY_MESSAGES } from "./schemas/account-security.ts";
import { PASSWORD_TOO_SHORT } from "./password.ts";
import { SIGN_IN_MESSAGES } from "./sign-in-messages.ts";

/**
 * The pt-BR text of each error code better-auth answers on the endpoints we serve (sign-in,
 * sign-up, sign-out, two-factor). better-auth writes its messages in English; the server swaps them
 * for these before any answer leaves /api/auth (server/auth/translate-auth-errors.ts).
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  // Two-factor: enrolment, confirmation, removal and the second step of sign-in
  INVALID_CODE: "Código inválido. Confira o código de 6 dígitos do seu aplicativo autenticador.",
  INVALID_BACKUP_CODE: "Código de recuperação inválido.",
  TOTP_ALREADY_ENABLED: "A autenticação em dois fatores já está ativada.",
  TOTP_NOT_ENABLED: "A autenticação em dois fatores não está ativada.",
  TWO_FACTOR_NOT_ENABLED: "A autenticação em dois fatores não está ativada.",
  BACKUP_CODES_NOT_ENABLED: "A autenticação em dois fatores não está ativada.",
  OTP_NOT_ENABLED: "A autenticação em dois fatores não está ativada.",
  TOTP_NOT_CONFIGURED: "Este método de verificação não está disponível.",
  OTP_NOT_CONFIGURED: "Este método de verificação não está disponível.",
  OTP_HAS_EXPIRED: "O código expirou. Entre novamente com e-mail e senha.",
  INVALID_TWO_FACTOR_COOKIE: "A verificação expirou. Entre novamente com e-mail e senha.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Muitas tentativas. Entre novamente com e-mail e senha.",
  ACCOUNT_TEMPORARILY_LOCKED: "Muitas tentativas inválidas. Aguarde alguns minutos antes de tentar novamente.",
  // The password confirmed by two-factor enable and disable is the current one
  INVALID_PASSWORD: ACCOUNT_SECURITY_MESSAGES.wrongPassword,
  SESSION_EXPIRED: ACCOUNT_SECURITY_MESSAGES.reauthenticationRequired,
  UNAUTHORIZED: "Usuário não autenticado",
  // Sign-in and sign-up (our schemas refuse bad input first; these remain for what only better-auth tells)
  INVALID_EMAIL: SIGN_IN_MESSAGES.invalidEmail,
  INVALID_EMAIL_OR_PASSWORD: SIGN_IN_MESSAGES.invalidCredentials,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG: SIGN_IN_MESSAGES.passwordTooLong,
  USER_ALREADY_EXISTS: SIGN_IN_MESSAGES.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: SIGN_IN_MESSAGES.emailTaken,
  FAILED_TO_CREATE_USER: "Não foi possível criar a conta. Tente novamente.",
  FAILED_TO_CREATE_SESSION: "Não foi possível iniciar a sessão. Tente novamente.",
  // Bodies better-auth's own validation refuses (its text names the field in English)
  VALIDATION_ERROR: "Dados inválidos.",
  BODY_MUST_BE_AN_OBJECT: "Dados inválidos.",
  MISSING_FIELD: "Dados inválidos.",
  FIELD_NOT_ALLOWED: "Dados inválidos.",
  INVALID_ORIGIN: "Requisição de outra origem recusada.",
  MISSING_OR_NULL_ORIGIN: "Requisição de outra origem recusada.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Requisição de outra origem recusada.",
};

/** better-auth's flood limit answers without a code. */
export const AUTH_RATE_LIMITED_MESSAGE = SIGN_IN_MESSAGES.tooManyRequests;

/** A code not in the table (a new better-auth release): still pt-BR, never its English text. */
export const AUTH_ERROR_FALLBACK = "Não foi possível concluir a solicitação. Tente novamente.";

export function isKnownAuthErrorCode(code: string): boolean {
  return Object.hasOwn(AUTH_ERROR_MESSAGES, code);
}

/** The pt-BR message of a better-auth error code; `fallback` when the code is missing or unknown. */
export function authErrorMessage(code: string | null, fallback = AUTH_ERROR_FALLBACK): string {
  return code !== null && isKnownAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : fallback;
}
