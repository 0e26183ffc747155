import { ApiError } from "../../lib/api.ts";

/**
 * The pt-BR message of a failed two-factor call: the server's own (it answers better-auth's errors
 * in pt-BR too, server/auth/translate-auth-errors.ts), or a generic one when no answer came.
 */
export function twoFactorErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Erro inesperado. Tente novamente.";
}
