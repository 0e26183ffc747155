import type { Context } from "hono";
import { SIGN_IN_MESSAGES } from "#domain/schemas/sign-in.ts";
import { AppError } from "../../http/errors.ts";
import { betterAuthError, errorResponse } from "./auth-responses.ts";

// Our schemas refuse bad input before better-auth sees it; these remain for what only it can tell.
const PT_BR_BY_CODE: Record<string, string> = {
  INVALID_EMAIL: SIGN_IN_MESSAGES.invalidEmail,
  PASSWORD_TOO_LONG: SIGN_IN_MESSAGES.passwordTooLong,
  FAILED_TO_CREATE_USER: "Não foi possível criar a conta. Tente novamente.",
  FAILED_TO_CREATE_SESSION: "Não foi possível iniciar a sessão. Tente novamente.",
};

const GENERIC = "Não foi possível concluir a solicitação. Tente novamente.";

/** A better-auth error answer (English `{ code, message }`) in our envelope with a pt-BR message. */
export async function translateAuthError(response: Response): Promise<AppError> {
  if (response.status === 429) return new AppError("rate_limited", SIGN_IN_MESSAGES.tooManyRequests);
  const { code } = await betterAuthError(response);
  const message = (code && PT_BR_BY_CODE[code]) || GENERIC;
  return new AppError(
    response.status >= 500 ? "internal" : "bad_request",
    message,
    code ? { authCode: code } : undefined,
  );
}

/** The translated answer, keeping better-auth's retry hint of a rate-limited request. */
export async function translatedAuthErrorResponse(c: Context, response: Response): Promise<Response> {
  const translated = errorResponse(c, await translateAuthError(response));
  const retryAfter = response.headers.get("x-retry-after");
  if (retryAfter) translated.headers.set("x-retry-after", retryAfter);
  return translated;
}
