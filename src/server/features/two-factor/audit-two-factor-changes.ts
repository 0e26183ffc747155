import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { recordAudit } from "../../audit/record-audit.ts";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import { profiles, session, user } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { requestMeta } from "../../http/register-routes.ts";

type Enrolment = { userId: string; isEnabled: boolean };

/**
 * Audits two-factor enrolment changes made through better-auth's endpoints: compares the user's
 * `two_factor_enabled` before and after each signed-in POST under /two-factor and records
 * `two_factor_enabled` or `two_factor_disabled` when it flipped. better-auth writes the change
 * itself, so the audit row follows it; an audit failure is logged and never breaks the answer.
 */
export function auditTwoFactorChanges(app: Hono, deps: Deps): void {
  app.use(`${AUTH_BASE_PATH}/two-factor/*`, async (c, next) => {
    const before = c.req.method === "POST" ? await enrolmentOf(deps, c.req.header("cookie")) : null;
    await next();
    if (!before || !c.res.ok) return;
    try {
      const isEnabled = await isTwoFactorEnabled(deps, before.userId);
      if (isEnabled === before.isEnabled) return;
      const [profile] = await deps.database.owner
        .select({ agencyId: profiles.agencyId })
        .from(profiles)
        .where(eq(profiles.id, before.userId));
      await recordAudit(
        deps.database.owner,
        { userId: before.userId, agencyId: profile?.agencyId ?? null, ...requestMeta(c, deps.config.trustProxy) },
        {
          action: isEnabled ? "two_factor_enabled" : "two_factor_disabled",
          resourceType: "user",
          resourceId: before.userId,
        },
      );
    } catch (error) {
      deps.logger.error({ err: error }, "two-factor audit failed");
    }
  });
}

async function enrolmentOf(deps: Deps, cookieHeader: string | undefined): Promise<Enrolment | null> {
  const secure = deps.config.publicUrl.startsWith("https://");
  const token = readSessionToken(cookieHeader, sessionCookieName(secure), deps.config.authSecret);
  if (!token) return null; // the sign-in challenge has no session yet: nothing changes enrolment
  const [row] = await deps.database.owner
    .select({ userId: user.id, isEnabled: user.twoFactorEnabled })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  return row ?? null;
}

async function isTwoFactorEnabled(deps: Deps, userId: string): Promise<boolean> {
  const [row] = await deps.database.owner
    .select({ isEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return row?.isEnabled ?? false;
}
