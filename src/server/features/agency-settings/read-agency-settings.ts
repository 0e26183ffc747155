import { eq } from "drizzle-orm";
import {
  type AgencyDisplayPreferences,
  type AgencySettings,
  CURRENCIES,
  isOneOf,
  readStoredSetting,
  STORED_SETTING_KEYS,
  TIMEZONES,
} from "#domain/schemas/agency-settings.ts";
import type { Tx } from "../../db/client.ts";
import { agencySettings } from "../../db/schema.ts";
import { findOwnAgency } from "./own-agency.ts";

/** Every setting of the Sistema tab: timezone and currency from the agency, the rest key by key (spec §3). */
export async function readAgencySettings(tx: Tx, agencyId: string): Promise<AgencySettings> {
  const agency = await findOwnAgency(tx, agencyId);
  const rows = await tx
    .select({ key: agencySettings.settingKey, value: agencySettings.settingValue })
    .from(agencySettings)
    .where(eq(agencySettings.agencyId, agencyId));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const keyed = Object.fromEntries(STORED_SETTING_KEYS.map((key) => [key, readStoredSetting(key, stored.get(key))]));
  return {
    ...(keyed as Omit<AgencySettings, "timezone" | "currency">),
    timezone: isOneOf(TIMEZONES, agency.timezone) ? agency.timezone : "America/Sao_Paulo",
    currency: isOneOf(CURRENCIES, agency.currency) ? agency.currency : "BRL",
  };
}

/** What the web needs to show the agency's dates and money (GET /api/me); null without an agency. */
export async function readDisplayPreferences(
  tx: Tx,
  agencyId: string | null,
): Promise<AgencyDisplayPreferences | null> {
  if (!agencyId) return null;
  const settings = await readAgencySettings(tx, agencyId);
  return { timezone: settings.timezone, dateFormat: settings.date_format, currency: settings.currency };
}
