import { PASSWORD_MAX_LENGTH } from "./password.ts";
import { ASSIGNABLE_ROLES } from "./roles.ts";

// Texts and rules of /auth without zod, so the first load of /auth does not carry the schema library.

export const INVALID_EMAIL = "Email inválido";
export const PASSWORD_TOO_LONG = `Senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`;

/** Failed sign-ins after which the form and the account lock (spec §2.5, §4, §9). */
export const MAX_FAILED_SIGN_INS = 5;

/** Texts of /auth and of the sign-in/sign-up answers (spec §8 and ours). */
export const SIGN_IN_MESSAGES = {
  locked: "Muitas tentativas de login falharam. Aguarde alguns minutos antes de tentar novamente.",
  invalidCredentials: "Email ou senha inválidos.",
  invalidEmail: INVALID_EMAIL,
  passwordRequired: "Senha é obrigatória",
  passwordTooLong: PASSWORD_TOO_LONG,
  firstNameRequired: "Nome é obrigatório",
  lastNameRequired: "Sobrenome é obrigatório",
  invalidRole: "Função inválida para cadastro.",
  emailTaken: "Este email já está cadastrado. Tente fazer login.",
  signInSuccess: "Login realizado com sucesso!",
  signInErrorPrefix: "Erro no login: ",
  signInUnexpected: "Erro inesperado durante o login",
  signUpSuccess: "Cadastro realizado com sucesso!",
  signUpErrorPrefix: "Erro no cadastro: ",
  signUpUnexpected: "Erro inesperado durante o cadastro",
  tooManyRequests: "Muitas requisições. Aguarde alguns segundos e tente novamente.",
} as const;

/** Error code of a sign-up whose e-mail already has an account (the spec's 'User already registered'). */
export const EMAIL_TAKEN_CODE = "user_already_registered";

/** Auth form inputs: trimmed, angle brackets removed (spec §5), on every keystroke and on the server. */
export function sanitizeAuthInput(value: string): string {
  return value.replace(/[<>]/g, "").trim();
}

export const SIGN_UP_ROLES = ASSIGNABLE_ROLES;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];
