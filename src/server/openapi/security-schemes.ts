import { SESSION_COOKIE_BASE } from "../auth/session-cookie.ts";
import type { Access } from "../http/route.ts";

/**
 * How a caller proves who it is. The session cookie is set by signing in (POST /api/auth/sign-in/email);
 * over https its name carries the `__Host-` prefix.
 */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_BASE,
    description:
      "Sessão do navegador, criada ao entrar (POST /api/auth/sign-in/email). Em https o nome do cookie leva o prefixo `__Host-`.",
  },
} as const;

/** A public route needs nothing; every other one a session (the access named in the description). */
export function securityFor(access: Access): Array<Record<string, string[]>> {
  if (access.kind === "public") return [];
  return Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));
}
