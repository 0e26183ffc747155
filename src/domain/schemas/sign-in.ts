import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordIssues } from "../password.ts";
import { DEFAULT_ROLE } from "../roles.ts";
import { SIGN_IN_MESSAGES, SIGN_UP_ROLES, sanitizeAuthInput } from "../sign-in-messages.ts";

export {
  EMAIL_TAKEN_CODE,
  MAX_FAILED_SIGN_INS,
  SIGN_IN_MESSAGES,
  SIGN_UP_ROLES,
  type SignUpRole,
  sanitizeAuthInput,
} from "../sign-in-messages.ts";

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
  /**
   * The invite whose link the sign-up came from: an account for the invited address is verified
   * by it (decision 019). Anything that is not a pending invite's token is simply not one.
   */
  inviteToken: z.preprocess(
    (value) => (typeof value === "string" && value !== "" ? value : undefined),
    z.string().max(200).optional(),
  ),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
