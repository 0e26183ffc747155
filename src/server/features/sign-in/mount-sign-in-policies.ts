import type { Hono } from "hono";
import type { Deps } from "../../deps.ts";
import { auditSignOut } from "./audit-sign-out.ts";
import { auditTwoFactorSignIn } from "./audit-two-factor-sign-in.ts";
import { guardSignIn } from "./guard-sign-in.ts";
import { guardSignUp } from "./guard-sign-up.ts";

/** Our rules around better-auth's sign-in, sign-up and sign-out endpoints; mounted before them. */
export function mountSignInPolicies(app: Hono, deps: Deps): void {
  guardSignIn(app, deps);
  guardSignUp(app, deps);
  auditSignOut(app, deps);
  auditTwoFactorSignIn(app, deps);
}
