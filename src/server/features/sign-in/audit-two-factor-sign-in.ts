import type { Hono } from "hono";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import type { Deps } from "../../deps.ts";
import { requestMeta } from "../../http/register-routes.ts";
import { auditLoginFromResponse } from "./audit-auth-event.ts";

const SECOND_STEPS = ["/two-factor/verify-totp", "/two-factor/verify-backup-code"];

/**
 * A two-factor sign-in opens its session at the code, not at the password: the `login` row is
 * written here. A code checked by someone already signed in (enrolment) is not a login.
 */
export function auditTwoFactorSignIn(app: Hono, deps: Deps): void {
  for (const path of SECOND_STEPS) {
    app.post(`${AUTH_BASE_PATH}${path}`, async (c, next) => {
      const secure = deps.config.publicUrl.startsWith("https://");
      const wasSignedIn = readSessionToken(c.req.header("cookie"), sessionCookieName(secure), deps.config.authSecret);
      await next();
      if (wasSignedIn || !c.res.ok) return;
      await auditLoginFromResponse(deps, requestMeta(c, deps.config.trustProxy), c.res, "two_factor");
    });
  }
}
