import { changePasswordSchema, reauthenticateSchema } from "#domain/schemas/account-security.ts";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import type { Deps } from "../../deps.ts";
import { RateLimitedError } from "../../http/errors.ts";
import { uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { hitLimit } from "../../rate-limit/hit-limit.ts";
import { changePassword } from "./change-password.ts";
import { endOtherSessions, endSession } from "./end-sessions.ts";
import { listSessions } from "./list-sessions.ts";
import { reauthenticate } from "./reauthenticate.ts";

/** Each password check costs an argon2 run: 10 per user per 15 minutes. */
async function limitPasswordChecks(deps: Deps, userId: string): Promise<void> {
  if (!deps.config.rateLimits) return;
  const retryAfter = await hitLimit(
    deps.database.owner,
    `password-check:${userId}`,
    { windowMs: 15 * 60_000, max: 10 },
    deps.now(),
  );
  if (retryAfter !== null) throw new RateLimitedError(ACCOUNT_SECURITY_MESSAGES.tooMany, retryAfter);
}

/** The signed-in user's own account security (Minha conta › Segurança). */
export const sessionRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/me/sessions",
    access: SIGNED_IN,
    allowInactiveAgency: true,
    handler: ({ deps, user }) => listSessions(deps.database.owner, user, deps.now()),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/me/sessions/:sessionId",
    access: SIGNED_IN,
    allowInactiveAgency: true,
    handler: ({ deps, user, params, request }) =>
      endSession(
        deps.database.owner,
        user,
        uuidParam(params, "sessionId", ACCOUNT_SECURITY_MESSAGES.sessionNotFound),
        request,
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/api/me/sessions/end-others",
    access: SIGNED_IN,
    allowInactiveAgency: true,
    handler: ({ deps, user, request }) => endOtherSessions(deps.database.owner, user, request),
  }),
  defineRoute({
    method: "POST",
    path: "/api/me/password",
    access: SIGNED_IN,
    allowInactiveAgency: true,
    body: changePasswordSchema,
    handler: async ({ deps, user, body, request }) => {
      await limitPasswordChecks(deps, user.id);
      return changePassword(deps.database.owner, user, body, request);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/me/reauthenticate",
    access: SIGNED_IN,
    allowInactiveAgency: true,
    allowWithoutTwoFactor: true,
    body: reauthenticateSchema,
    handler: async ({ deps, user, body }) => {
      await limitPasswordChecks(deps, user.id);
      return reauthenticate(deps.database.owner, user, body.password, deps.now());
    },
  }),
];
