import type { Hono } from "hono";
import type { Deps } from "../../deps.ts";
import { auditTwoFactorChanges } from "./audit-two-factor-changes.ts";
import { refuseDisableWhenRequired } from "./refuse-disable-when-required.ts";
import { refuseReusedCode } from "./refuse-reused-code.ts";
import { requireFreshEnrolment } from "./require-fresh-enrolment.ts";

/** Our rules around better-auth's two-factor endpoints; mounted before them. */
export function mountTwoFactorPolicies(app: Hono, deps: Deps): void {
  refuseDisableWhenRequired(app, deps);
  requireFreshEnrolment(app, deps);
  refuseReusedCode(app, deps);
  auditTwoFactorChanges(app, deps);
}
