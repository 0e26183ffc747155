import { and, eq, gt } from "drizzle-orm";
import type { Context } from "hono";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import { session, verification } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

const TWO_FACTOR_COOKIE_BASE = "nexo.two_factor";

/** better-auth's sign-in challenge cookie (TWO_FACTOR_COOKIE_NAME under our cookie prefix, auth.ts). */
function twoFactorCookieName(secure: boolean): string {
  return secure ? `__Host-${TWO_FACTOR_COOKIE_BASE}` : TWO_FACTOR_COOKIE_BASE;
}

export type CodeChecker = { userId: string; sessionId: string | null };

/**
 * Whose code a two-factor request checks: the signed-in user (enrolment, re-authentication) or
 * the user of a sign-in challenge (its signed cookie names a verification row holding the user id).
 */
export async function codeCheckerOf(c: Context, deps: Deps): Promise<CodeChecker | null> {
  const secure = deps.config.publicUrl.startsWith("https://");
  const cookies = c.req.header("cookie");
  const db = deps.database.owner;
  const token = readSessionToken(cookies, sessionCookieName(secure), deps.config.authSecret);
  if (token) {
    const [row] = await db
      .select({ userId: session.userId, sessionId: session.id })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, deps.now())));
    if (row) return row;
  }
  const challenge = readSessionToken(cookies, twoFactorCookieName(secure), deps.config.authSecret);
  if (!challenge) return null;
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, challenge), gt(verification.expiresAt, deps.now())));
  return row ? { userId: row.userId, sessionId: null } : null;
}
