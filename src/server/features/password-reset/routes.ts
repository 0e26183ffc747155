import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import {
  confirmPasswordResetSchema,
  PASSWORD_RESET_MESSAGES,
  requestPasswordResetSchema,
} from "#domain/schemas/password-reset.ts";
import type { Deps } from "../../deps.ts";
import { defineRoute, PUBLIC } from "../../http/route.ts";
import { enforceLimits } from "../../rate-limit/enforce-limits.ts";
import type { Limit } from "../../rate-limit/hit-limit.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";

/**
 * Each request may send an e-mail or hash a password: limited tightly per IP and session like
 * every such route (`tightRateLimit`), and a reset e-mail to one account 3 times an hour.
 */
const PER_EMAIL: Limit = { windowMs: 60 * 60_000, max: 3 };

function limitPerEmail(deps: Deps, email: string): Promise<void> {
  return enforceLimits(
    deps,
    [{ key: `password-reset:email:${email}`, limit: PER_EMAIL }],
    PASSWORD_RESET_MESSAGES.tooMany,
  );
}

export const passwordResetRoutes = [
  defineRoute({
    method: "POST",
    path: "/api/password-reset/request",
    response: successMessageSchema,
    access: PUBLIC,
    tightRateLimit: true,
    body: requestPasswordResetSchema,
    handler: async ({ deps, body, request }) => {
      await limitPerEmail(deps, body.email);
      return requestPasswordReset(deps, body.email, request);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/password-reset/confirm",
    response: successMessageSchema,
    access: PUBLIC,
    tightRateLimit: true,
    body: confirmPasswordResetSchema,
    handler: ({ deps, body, request }) => resetPassword(deps, body, request),
  }),
];
