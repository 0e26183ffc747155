import type { Context, Hono } from "hono";
import { SIGN_IN_MESSAGES, type SignInInput, signInSchema } from "#domain/schemas/sign-in.ts";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { authRequest } from "../../auth/auth-request.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { requestMeta } from "../../http/register-routes.ts";
import { auditAuthEvent, auditLoginFromResponse } from "./audit-auth-event.ts";
import { errorResponse, readJsonBody, validationError } from "./auth-responses.ts";
import { recordSignInFailure } from "./record-sign-in-failure.ts";
import { resetSignInFailures } from "./reset-sign-in-failures.ts";
import { type SignInRefusal, signInRefusal } from "./sign-in-refusal.ts";

const REFUSAL_CODE: Record<SignInRefusal, "locked" | "rate_limited"> = {
  account_locked: "locked",
  ip_limited: "rate_limited",
};

/**
 * Our rules around better-auth's e-mail sign-in: a locked account or a spraying IP is refused
 * before the password is checked; every failure is counted in PostgreSQL and the fifth locks the
 * account; a success resets the count. Unknown e-mail and wrong password answer alike (better-auth
 * hashes the password of an unknown e-mail too, so both take one argon2 run).
 */
export function guardSignIn(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/sign-in/email`, async (c) => {
    const parsed = signInSchema.safeParse(await readJsonBody(c));
    if (!parsed.success) return errorResponse(c, validationError(parsed.error.issues));
    const input = parsed.data;
    const attempt: Attempt = { email: input.email, ip: requestMeta(c, deps.config.trustProxy).ip, now: deps.now() };

    const refusal = await signInRefusal(deps.database.owner, attempt);
    if (refusal) {
      // Audited, never counted: a refused attempt neither prolongs a block nor locks an account (docs/decisions/012).
      await auditRefusal(c, deps, attempt, refusal);
      return errorResponse(c, new AppError(REFUSAL_CODE[refusal], SIGN_IN_MESSAGES.locked));
    }

    const response = await deps.auth.handler(authRequest(c, deps.config.trustProxy, signInBody(input)));
    if (response.status === 401) {
      const isLocked = await countFailure(c, deps, attempt, "invalid_credentials");
      // A failure racing the one that locked the account answers like the lock, not like a fresh try.
      return isLocked
        ? errorResponse(c, new AppError("locked", SIGN_IN_MESSAGES.locked))
        : errorResponse(c, new AppError("invalid_credentials", SIGN_IN_MESSAGES.invalidCredentials));
    }
    // Any other refusal is better-auth's: translated on its way out (auth/translate-auth-errors.ts).
    if (!response.ok) return response;
    await resetSignInFailures(deps.database.owner, input.email);
    await auditLoginFromResponse(deps, requestMeta(c, deps.config.trustProxy), response, "password");
    return response;
  });
}

function signInBody(input: SignInInput): Record<string, unknown> {
  return {
    email: input.email,
    password: input.password,
    ...(input.rememberMe === undefined ? {} : { rememberMe: input.rememberMe }),
  };
}

type Attempt = { email: string; ip: string | null; now: Date };

async function auditRefusal(c: Context, deps: Deps, attempt: Attempt, reason: SignInRefusal): Promise<void> {
  const { email } = attempt;
  await auditAuthEvent(deps, { email }, requestMeta(c, deps.config.trustProxy), {
    action: "login_failed",
    resourceType: "auth",
    details: { email, reason },
  });
}

/** One failed attempt: its row, its audit and the lock it may set; tells whether the account is locked now. */
async function countFailure(c: Context, deps: Deps, attempt: Attempt, reason: string): Promise<boolean> {
  const { isLocked, newLockUntil } = await recordSignInFailure(deps.database.owner, attempt);
  const request = requestMeta(c, deps.config.trustProxy);
  const { email } = attempt;
  await auditAuthEvent(deps, { email }, request, {
    action: "login_failed",
    resourceType: "auth",
    details: { email, reason },
  });
  if (newLockUntil) {
    await auditAuthEvent(deps, { email }, request, {
      action: "account_locked",
      resourceType: "auth",
      details: { email, until: newLockUntil.toISOString() },
    });
  }
  return isLocked;
}
