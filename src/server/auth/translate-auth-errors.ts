import type { MiddlewareHandler } from "hono";
import { AUTH_RATE_LIMITED_MESSAGE, authErrorMessage, isKnownAuthErrorCode } from "#domain/auth-error-messages.ts";
import type { Deps } from "../deps.ts";
import { AppError, type ErrorCode, errorAnswer, RateLimitedError } from "../http/errors.ts";

/**
 * better-auth's error body `{ code, message }` (English), its code when it has one; null when the
 * answer is already ours (`{ error: { code, message } }`: our policies and the unknown-route 404).
 */
export async function betterAuthError(response: Response): Promise<{ code: string | null } | null> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (isRecord(body) && isRecord(body.error)) return null;
  return { code: isRecord(body) && typeof body.code === "string" ? body.code : null };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Our error code for better-auth's status: the status a client sees stays what better-auth meant. */
function errorCodeFor(status: number): ErrorCode {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal";
  return "bad_request";
}

/** A better-auth error as ours: the pt-BR message of its code, better-auth's code kept in `details.authCode`. */
export function translatedAuthError(status: number, code: string | null, retryAfter: string | null): AppError {
  if (status === 429) {
    const message = authErrorMessage(code, AUTH_RATE_LIMITED_MESSAGE);
    const seconds = Number(retryAfter);
    return seconds > 0 ? new RateLimitedError(message, Math.ceil(seconds)) : new AppError("rate_limited", message);
  }
  return new AppError(errorCodeFor(status), authErrorMessage(code), code ? { authCode: code } : undefined);
}

/**
 * Every error better-auth answers under /api/auth leaves in our envelope with a pt-BR message
 * (src/domain/auth-error-messages.ts): the two-factor endpoints, sign-in, sign-up and sign-out,
 * whichever policy or handler let it through. Mounted before every other /api/auth handler, so it
 * sees the final answer.
 */
export function translateAuthErrors(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const original = await betterAuthError(c.res);
    if (!original) return;
    if (original.code && !isKnownAuthErrorCode(original.code)) {
      deps.logger.warn(
        { authCode: original.code, path: c.req.path },
        "código de erro do better-auth sem texto em pt-BR",
      );
    }
    // Hono carries the replaced answer's headers over: a cookie better-auth clears stays cleared.
    c.res = errorAnswer(translatedAuthError(c.res.status, original.code, c.res.headers.get("x-retry-after")));
  };
}
