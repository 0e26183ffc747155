import {
  confirmPasswordResetSchema,
  PASSWORD_RESET_MESSAGES,
  requestPasswordResetSchema,
} from "#domain/schemas/password-reset.ts";
import type { Deps } from "../../deps.ts";
import { RateLimitedError } from "../../http/errors.ts";
import { defineRoute, PUBLIC } from "../../http/route.ts";
import { hitLimit, type Limit } from "../../rate-limit/hit-limit.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";

const MINUTE = 60_000;
/** Each request may send an e-mail or hash a password: limited tightly per address and per account. */
const PER_IP: Limit = { windowMs: 15 * MINUTE, max: 10 };
const PER_EMAIL: Limit = { windowMs: 60 * MINUTE, max: 3 };

async function limit(deps: Deps, key: string, rule: Limit): Promise<void> {
  if (!deps.config.rateLimits) return;
  const retryAfter = await hitLimit(deps.database.owner, key, rule, deps.now());
  if (retryAfter !== null) throw new RateLimitedError(PASSWORD_RESET_MESSAGES.tooMany, retryAfter);
}

export const passwordResetRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/password-reset/request",
    access: PUBLIC,
    body: requestPasswordResetSchema,
    handler: async ({ deps, body, request }) => {
      await limit(deps, `password-reset:ip:${request.ip ?? "?"}`, PER_IP);
      await limit(deps, `password-reset:email:${body.email}`, PER_EMAIL);
      return requestPasswordReset(deps, body.email, request);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/password-reset/confirm",
    access: PUBLIC,
    body: confirmPasswordResetSchema,
    handler: async ({ deps, body, request }) => {
      await limit(deps, `password-reset-confirm:ip:${request.ip ?? "?"}`, PER_IP);
      return resetPassword(deps, body, request);
    },
  }),
];
