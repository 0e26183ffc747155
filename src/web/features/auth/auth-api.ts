import type { SignUpInput } from "#domain/schemas/sign-in.ts";
import { api } from "../../lib/api.ts";

export type SignInResult = { twoFactorRedirect?: boolean; user?: { id: string } };

/** better-auth's e-mail sign-in behind our lockout (server/features/sign-in). */
export function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  return api<SignInResult>("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
}

/** Sign-up signs in at once (better-auth autoSignIn). */
export function signUpWithPassword(input: SignUpInput): Promise<{ user: { id: string } }> {
  return api("/api/auth/sign-up/email", { method: "POST", body: input });
}

/** Second step of a two-factor sign-in: a TOTP code or a recovery code opens the session. */
export function verifySecondFactor(kind: "totp" | "backup", code: string): Promise<unknown> {
  const path = kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return api(path, { method: "POST", body: { code } });
}
