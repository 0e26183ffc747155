import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";

export const SESSION_COOKIE_BASE = "nexo.session_token";

export const HOST_COOKIE_PREFIX = "__Host-";

/** Over https the cookie carries the `__Host-` prefix (see auth.ts). */
export function sessionCookieName(secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${SESSION_COOKIE_BASE}` : SESSION_COOKIE_BASE;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256)`),
 * verified here so each request needs no extra round trip to better-auth.
 */
export function readSessionToken(cookieHeader: string | undefined, name: string, secret: string): string | null {
  const raw = readCookie(cookieHeader, name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

declare module "hono" {
  interface ContextVariableMap {
    /** The request's verified session token (null: none or forged), once requestSessionToken read it. */
    sessionToken: string | null | undefined;
  }
}

/**
 * The verified session token of a request's Cookie header (the cookie's name depends on https),
 * verified once per request: the request limits and the route both ask for it.
 */
export function requestSessionToken(c: Context, config: { publicUrl: string; authSecret: string }): string | null {
  const known = c.get("sessionToken");
  if (known !== undefined) return known;
  const secure = config.publicUrl.startsWith("https://");
  const token = readSessionToken(c.req.header("cookie"), sessionCookieName(secure), config.authSecret);
  c.set("sessionToken", token);
  return token;
}
