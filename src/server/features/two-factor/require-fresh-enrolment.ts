import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import { queryRows } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { FRESH_SESSION_MS } from "../sessions/session-limits.ts";

export const ENROLMENT_NEEDS_FRESH_SESSION =
  "Por segurança, entre novamente com sua senha para ativar a autenticação em dois fatores.";

/**
 * In an agency that requires two-factor, a password-only session is all anyone with the password
 * gets: enrolment there happens only in a session signed in (or re-authenticated) within the last
 * minutes, and better-auth asks the password again (issue 13, defect 1).
 */
export function requireFreshEnrolment(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/two-factor/enable`, async (c, next) => {
    const secure = deps.config.publicUrl.startsWith("https://");
    const token = readSessionToken(c.req.header("cookie"), sessionCookieName(secure), deps.config.authSecret);
    if (token && (await isStaleInRequiringAgency(deps, token))) {
      const error = new AppError("reauthentication_required", ENROLMENT_NEEDS_FRESH_SESSION);
      return c.json(error.toBody(), error.status);
    }
    await next();
  });
}

async function isStaleInRequiringAgency(deps: Deps, token: string): Promise<boolean> {
  const freshSince = new Date(deps.now().getTime() - FRESH_SESSION_MS);
  const rows = await queryRows<{ stale: boolean }>(
    deps.database.owner,
    sql`select greatest(s.created_at, coalesce(s.reauthenticated_at, s.created_at)) < ${freshSince} as stale
          from session s
          join profiles p on p.id = s.user_id
          join agency_settings st on st.agency_id = p.agency_id and st.setting_key = 'two_factor_required'
         where s.token = ${token} and s.expires_at > now()
           and st.setting_value in ('true'::jsonb, '"true"'::jsonb)`,
  );
  return rows.some((row) => row.stale === true);
}
