import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import { session } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { requestMeta } from "../../http/register-routes.ts";
import { auditAuthEvent } from "./audit-auth-event.ts";

/** Records `logout` for the session better-auth just ended (read before it is gone). */
export function auditSignOut(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/sign-out`, async (c, next) => {
    const userId = await sessionUserId(deps, c.req.header("cookie"));
    await next();
    if (!userId || !c.res.ok) return;
    await auditAuthEvent(deps, { userId }, requestMeta(c, deps.config.trustProxy), {
      action: "logout",
      resourceType: "auth",
      resourceId: userId,
    });
  });
}

async function sessionUserId(deps: Deps, cookieHeader: string | undefined): Promise<string | null> {
  const secure = deps.config.publicUrl.startsWith("https://");
  const token = readSessionToken(cookieHeader, sessionCookieName(secure), deps.config.authSecret);
  if (!token) return null;
  const [row] = await deps.database.owner
    .select({ userId: session.userId })
    .from(session)
    .where(eq(session.token, token));
  return row?.userId ?? null;
}
