import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordIssues } from "../password.ts";

import { INVALID_EMAIL, PASSWORD_TOO_LONG } from "../sign-in-messages.ts";

export { INVALID_EMAIL, PASSWORD_TOO_LONG };
export const VALIDATION_PREFIX = "Erro de validação: ";

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Every problem of the admin-setup form, in the order of spec §5: e-mail first, then the password rules. */
export function adminSetupIssues(input: { email: string; password: string }): string[] {
  const issues = isEmail(input.email) ? [] : [INVALID_EMAIL];
  issues.push(...passwordIssues(input.password));
  if (input.password.length > PASSWORD_MAX_LENGTH) issues.push(PASSWORD_TOO_LONG);
  return issues;
}

/** The spec §5 message: 'Erro de validação: ' followed by the issues joined with ', '. */
export function adminSetupMessage(issues: string[]): string {
  return `${VALIDATION_PREFIX}${issues.join(", ")}`;
}

// A missing or non-text field is judged like an empty one, so every answer carries the full joined message.
const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** Body of POST /api/admin-setup and the /admin-setup form: one issue carrying the joined message. */
export const adminSetupSchema = z
  .object({
    email: text.transform((email) => email.trim().toLowerCase()),
    password: text,
    // The person's name; an older client that sends none gets "Super Admin".
    name: text.transform((name) => name.trim().replace(/\s+/g, " ").slice(0, NAME_MAX_LENGTH)),
  })
  .superRefine((value, ctx) => {
    const issues = adminSetupIssues(value);
    if (issues.length > 0) ctx.addIssue({ code: "custom", message: adminSetupMessage(issues) });
  });

export type AdminSetupInput = z.infer<typeof adminSetupSchema>;

export const NAME_MAX_LENGTH = 100;
export const PASSWORDS_DIFFER = "As senhas não coincidem";
export const NAME_REQUIRED = "Informe seu nome";
/**
 * The setup form's toast when the new admin was also signed in (issue 19: say what happened). The
 * API's answer, "você já pode fazer login", is shown only when that sign-in did not happen.
 */
export const SUPER_ADMIN_SIGNED_IN = "Super admin criado com sucesso! Você já entrou no painel.";

/** First and last name of the setup form's one name field (the first word, then the rest). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return first ? { firstName: first, lastName: rest.join(" ") } : { firstName: "Super", lastName: "Admin" };
}

export const adminSetupStatusSchema = z.object({
  isSetUp: z.boolean(),
});
export type AdminSetupStatus = z.infer<typeof adminSetupStatusSchema>;

/** POST /api/admin-setup: the super admin created. */
export const createdSuperAdminSchema = z.object({
  data: z.object({ id: z.string(), email: z.string() }),
  message: z.string(),
});
export type CreatedSuperAdmin = z.infer<typeof createdSuperAdminSchema>;
