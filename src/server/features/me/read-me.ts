import type { PermissionFlags } from "#domain/permissions.ts";
import {
  type AgencyDisplayPreferences,
  knownCurrency,
  knownTimezone,
  readStoredSetting,
} from "#domain/schemas/agency-settings.ts";
import type { EpochCache } from "../../auth/epoch-cache.ts";
import { SESSION_PROOF_ONLY, type SqlStatement, type TenantRows } from "../../db/tenant.ts";

type ModulePermission = PermissionFlags & { module: string };

/**
 * Every page load reads GET /api/me: the role's permission rows and the agency's display
 * preferences in one statement (tenantRows: one round trip), instead of three.
 */
const ME: SqlStatement = {
  name: "nexo_me",
  text: `select
      (select coalesce(json_agg(json_build_object('module', rp.module, 'canView', rp.can_view,
          'canCreate', rp.can_create, 'canEdit', rp.can_edit, 'canDelete', rp.can_delete) order by rp.module), '[]')
        from role_permissions rp where rp.role = $1),
      a.timezone, a.currency,
      (select st.setting_value from agency_settings st
        where st.agency_id = a.id and st.setting_key = 'date_format')
    from (select 1) one
    left join agencies a on a.id = $2::uuid`,
};

type MeRow = [permissions: ModulePermission[], timezone: string | null, currency: string | null, dateFormat: unknown];

type Me = { permissions: ModulePermission[]; agency: AgencyDisplayPreferences | null };

/** The role's permission per module (none without a role), and the agency's dates and money (null without an agency). */
async function readMeRow(rows: TenantRows, role: string | null, agencyId: string | null): Promise<Me> {
  const [row] = (await rows(ME, [role, agencyId])) as MeRow[];
  const [permissions, timezone, currency, dateFormat] = row as MeRow;
  const agency =
    timezone === null || currency === null
      ? null
      : {
          timezone: knownTimezone(timezone),
          dateFormat: readStoredSetting("date_format", dateFormat),
          currency: knownCurrency(currency),
        };
  return { permissions, agency };
}

/**
 * readMeRow's answer, reused from `cache` while the request's session is proven at the epoch it
 * was read at (every table ME reads advances the epoch: epoch-cache.ts). A page load then costs
 * only the proof of its session. Read afresh when the session was (sessionEpoch null).
 */
export async function readMe(
  rows: TenantRows,
  cache: EpochCache,
  sessionEpoch: string | null,
  role: string | null,
  agencyId: string | null,
): Promise<Me> {
  const key = `me\u0000${role ?? ""}\u0000${agencyId ?? ""}`;
  const cached = sessionEpoch === null ? undefined : (cache.get(key, sessionEpoch) as Me | undefined);
  if (cached) {
    await rows(SESSION_PROOF_ONLY, []);
    return cached;
  }
  const me = await readMeRow(rows, role, agencyId);
  if (sessionEpoch !== null) cache.set(key, sessionEpoch, me);
  return me;
}
