import { actorOf } from "../../audit/audit-actor.ts";
import { eq } from "drizzle-orm";
import type { AgencySettingChange, AgencySettings } from "#domain/schemas/agency-settings.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { agencies, agencySettings } from "../../db/schema.ts";
import { ownAgencyId, type RequestMeta, type Tenant } from "./own-agency.ts";
import { readAgencySettings } from "./read-agency-settings.ts";

/** Timezone and currency are columns of the agency; every other key is an agency_settings row. */
async function writeSetting(tx: Tx, agencyId: string, change: AgencySettingChange, now: Date): Promise<void> {
  if (change.key === "timezone" || change.key === "currency") {
    await tx
      .update(agencies)
      .set({ [change.key]: change.value, updatedAt: now })
      .where(eq(agencies.id, agencyId));
    return;
  }
  // Booleans are stored as JSON booleans: session-user.ts reads two_factor_required that way.
  await tx
    .insert(agencySettings)
    .values({ agencyId, settingKey: change.key, settingValue: change.value, updatedAt: now })
    .onConflictDoUpdate({
      target: [agencySettings.agencyId, agencySettings.settingKey],
      set: { settingValue: change.value, updatedAt: now },
    });
}

/** One setting per call, saved at once (spec §2.8), audited with its old and new value. */
export async function updateAgencySetting(
  tenant: Tenant,
  user: SessionUser,
  change: AgencySettingChange,
  request: RequestMeta,
  now: Date,
): Promise<AgencySettings> {
  const agencyId = ownAgencyId(user);
  return tenant(async (tx) => {
    const before = await readAgencySettings(tx, agencyId);
    await writeSetting(tx, agencyId, change, now);
    await recordAudit(tx, actorOf(user, agencyId, request), {
      action: "update_settings",
      resourceType: "agency_settings",
      resourceId: agencyId,
      details: { key: change.key, from: before[change.key], to: change.value },
    });
    return { ...before, [change.key]: change.value };
  });
}
