import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { AUTH_BASE_PATH } from "../../auth/auth.ts";
import { readSessionToken, sessionCookieName } from "../../auth/session-cookie.ts";
import { queryRows } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";

export const DISABLE_REFUSED = "Sua agência exige autenticação em dois fatores: ela não pode ser desativada.";

/** While the user's agency requires two-factor, better-auth's disable endpoint is refused. */
export function refuseDisableWhenRequired(app: Hono, deps: Deps): void {
  app.post(`${AUTH_BASE_PATH}/two-factor/disable`, async (c, next) => {
    const secure = deps.config.publicUrl.startsWith("https://");
    const token = readSessionToken(c.req.header("cookie"), sessionCookieName(secure), deps.config.authSecret);
    if (token && (await agencyRequiresTwoFactor(deps, token))) {
      const error = new AppError("forbidden", DISABLE_REFUSED);
      return c.json(error.toBody(), error.status);
    }
    await next();
  });
}

async function agencyRequiresTwoFactor(deps: Deps, token: string): Promise<boolean> {
  const rows = await queryRows<{ value: unknown }>(
    deps.database.owner,
    sql`select st.setting_value as value
          from session s
          join profiles p on p.id = s.user_id
          join agency_settings st on st.agency_id = p.agency_id and st.setting_key = 'two_factor_required'
         where s.token = ${token} and s.expires_at > now()`,
  );
  return rows.some((row) => row.value === true || row.value === "true");
}
