import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordIssues } from "../password.ts";
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from "../roles.ts";
import { INVALID_EMAIL, PASSWORD_TOO_LONG } from "./admin-setup.ts";

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
  signUpSuccess: "Cadastro realizado! Verifique seu email.",
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

const isEmail = (value: string) => z.email().safeParse(value).success;

// Missing or non-text fields are judged like empty ones, so the answer is the field's own message.
const text = z.preprocess((value) => (typeof value === "string" ? sanitizeAuthInput(value) : ""), z.string());
const rawText = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

const email = text.refine(isEmail, SIGN_IN_MESSAGES.invalidEmail).transform((value) => value.toLowerCase());

// The server never rewrites a password: a silently changed secret would differ from the one the client holds.
const password = rawText;

export const signInSchema = z.object({
  email,
  password: password
    .refine((value) => value.length > 0, SIGN_IN_MESSAGES.passwordRequired)
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, SIGN_IN_MESSAGES.passwordTooLong),
  rememberMe: z.boolean().optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;

export const SIGN_UP_ROLES = ASSIGNABLE_ROLES;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const signUpSchema = z.object({
  firstName: text.refine((value) => value.length > 0, SIGN_IN_MESSAGES.firstNameRequired),
  lastName: text.refine((value) => value.length > 0, SIGN_IN_MESSAGES.lastNameRequired),
  email,
  password: password.superRefine((value, ctx) => {
    for (const message of passwordIssues(value)) ctx.addIssue({ code: "custom", message });
    if (value.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: "custom", message: SIGN_IN_MESSAGES.passwordTooLong });
  }),
  company: text.transform((value) => value || undefined),
  role: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? DEFAULT_ROLE : value),
    z.enum(SIGN_UP_ROLES, { error: SIGN_IN_MESSAGES.invalidRole }),
  ),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
