import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import {
  changePasswordSchema,
  reauthenticateSchema,
  activeSessionsSchema,
  endedSessionsSchema,
} from "#domain/schemas/account-security.ts";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import type { Deps } from "../../deps.ts";
import { uuidParam } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { enforceLimits } from "../../rate-limit/enforce-limits.ts";
import { changePassword } from "./change-password.ts";
import { endOtherSessions, endSession } from "./end-sessions.ts";
import { listSessions } from "./list-sessions.ts";
import { reauthenticate } from "./reauthenticate.ts";

/** Each password check costs an argon2 run: 10 per user per 15 minutes. */
function limitPasswordChecks(deps: Deps, userId: string): Promise<void> {
  const perUser = { key: `password-check:${userId}`, limit: { windowMs: 15 * 60_000, max: 10 } };
  return enforceLimits(deps, [perUser], ACCOUNT_SECURITY_MESSAGES.tooMany);
}

/** The signed-in user's own account security (Minha conta › Segurança). */
export const sessionRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/me/sessions",
    response: activeSessionsSchema,
    access: SIGNED_IN,
    allowInactiveAgency: true,
    handler: ({ deps, user }) => listSessions(deps.database.owner, user),
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/me/sessions/:sessionId",
    response: successMessageSchema,
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
    response: endedSessionsSchema,
    access: SIGNED_IN,
    allowInactiveAgency: true,
    handler: ({ deps, user, request }) => endOtherSessions(deps.database.owner, user, request),
  }),
  defineRoute({
    method: "POST",
    path: "/api/me/password",
    response: successMessageSchema,
    access: SIGNED_IN,
    tightRateLimit: true,
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
    response: successMessageSchema,
    access: SIGNED_IN,
    tightRateLimit: true,
    allowInactiveAgency: true,
    allowWithoutTwoFactor: true,
    body: reauthenticateSchema,
    handler: async ({ deps, user, body }) => {
      await limitPasswordChecks(deps, user.id);
      return reauthenticate(deps.database.owner, user, body.password, deps.now());
    },
  }),
];
