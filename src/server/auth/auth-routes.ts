import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import { mountSignInPolicies } from "../features/sign-in/mount-sign-in-policies.ts";
import { mountTwoFactorPolicies } from "../features/two-factor/mount-two-factor-policies.ts";
import { AUTH_BASE_PATH } from "./auth.ts";
import { authRequest } from "./auth-request.ts";

/** better-auth's own endpoints under /api/auth. */
export function mountAuth(app: Hono, deps: Deps): void {
  mountSignInPolicies(app, deps);
  mountTwoFactorPolicies(app, deps);
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, (c) => deps.auth.handler(authRequest(c, deps.config.trustProxy)));
}
