import { eq } from "drizzle-orm";
import {
  type AgencyDisplayPreferences,
  type AgencySettings,
  knownCurrency,
  knownTimezone,
  readStoredSetting,
  STORED_SETTING_KEYS,
} from "#domain/schemas/agency-settings.ts";
import type { Tx } from "../../db/client.ts";
import { agencies, agencySettings } from "../../db/schema.ts";
import { findOwnAgency } from "./own-agency.ts";

/** Every setting of the Sistema tab: timezone and currency from the agency, the rest key by key (spec §3). */
export async function readAgencySettings(tx: Tx, agencyId: string): Promise<AgencySettings> {
  return settingsOf(tx, await findOwnAgency(tx, agencyId));
}

async function settingsOf(tx: Tx, agency: { id: string; timezone: string; currency: string }): Promise<AgencySettings> {
  const agencyId = agency.id;
  const rows = await tx
    .select({ key: agencySettings.settingKey, value: agencySettings.settingValue })
    .from(agencySettings)
    .where(eq(agencySettings.agencyId, agencyId));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const keyed = Object.fromEntries(STORED_SETTING_KEYS.map((key) => [key, readStoredSetting(key, stored.get(key))]));
  return {
    ...(keyed as Omit<AgencySettings, "timezone" | "currency">),
    timezone: knownTimezone(agency.timezone),
    currency: knownCurrency(agency.currency),
  };
}

/** What the web needs to show the agency's dates and money (GET /api/me); null without an agency. */
export async function readDisplayPreferences(
  tx: Tx,
  agencyId: string | null,
): Promise<AgencyDisplayPreferences | null> {
  if (!agencyId) return null;
  const [agency] = await tx
    .select({ id: agencies.id, timezone: agencies.timezone, currency: agencies.currency })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  if (!agency) return null;
  const settings = await settingsOf(tx, agency);
  return { timezone: settings.timezone, dateFormat: settings.date_format, currency: settings.currency };
}
