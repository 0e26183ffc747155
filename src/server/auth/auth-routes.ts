import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import { auditTwoFactorChanges } from "../features/two-factor/audit-two-factor-changes.ts";
import { AUTH_BASE_PATH } from "./auth.ts";

/** better-auth's own endpoints under /api/auth. */
export function mountAuth(app: Hono, deps: Deps): void {
  auditTwoFactorChanges(app, deps);
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, (c) => deps.auth.handler(c.req.raw));
}
