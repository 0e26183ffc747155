import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import { mountSignInPolicies } from "../features/sign-in/mount-sign-in-policies.ts";
import { mountTwoFactorPolicies } from "../features/two-factor/mount-two-factor-policies.ts";
import { AUTH_BASE_PATH } from "./auth.ts";
import { authRequest } from "./auth-request.ts";
import { translateAuthErrors } from "./translate-auth-errors.ts";

/**
 * The better-auth endpoints the product uses. The rest of its API (update-user, change-email,
 * change-password, list-sessions…) would take bodies that none of our schemas checks and has no
 * screen, so it is answered like any unknown route.
 */
export const SERVED_AUTH_ENDPOINTS = [
  "/sign-in/email",
  "/sign-up/email",
  "/sign-out",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
] as const;

/**
 * better-auth endpoints that check a password, limited tightly like the routes that do
 * (http/route.ts `tightRateLimit`). Sign-in and sign-up are not: a whole office signs in each
 * morning, or accepts its invites, from one address; they keep better-auth's own per-IP flood
 * rules (auth.ts: 30 and 20 a minute, in the database) and sign-in the account lockout.
 */
export const TIGHT_AUTH_ENDPOINTS = ["/two-factor/enable", "/two-factor/disable"] as const;

/** better-auth's own endpoints under /api/auth, behind our sign-in and two-factor policies. */
export function mountAuth(app: Hono, deps: Deps): void {
  app.use(`${AUTH_BASE_PATH}/*`, translateAuthErrors(deps));
  mountSignInPolicies(app, deps);
  mountTwoFactorPolicies(app, deps);
  for (const endpoint of SERVED_AUTH_ENDPOINTS) {
    app.post(`${AUTH_BASE_PATH}${endpoint}`, (c) => deps.auth.handler(authRequest(c, deps.config.trustProxy)));
  }
}
