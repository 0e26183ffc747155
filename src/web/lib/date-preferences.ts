import type { AgencyDisplayPreferences, DateFormat } from "#domain/schemas/agency-settings.ts";

/**
 * How the signed-in user's agency shows dates (Configurações de Sistema): its date format and
 * timezone. Without an agency (super admin, signed out): dd/MM/yyyy in the browser's timezone.
 * Kept apart from format.ts so the profile query does not pull dayjs into the first load.
 */
export type DatePreferences = { dateFormat: DateFormat; timezone: string | null };

const DEFAULT_PREFERENCES: DatePreferences = { dateFormat: "DD/MM/YYYY", timezone: null };
let preferences: DatePreferences = DEFAULT_PREFERENCES;

/** Called when /api/me loads; every formatter of format.ts follows it from then on. */
export function applyAgencyPreferences(agency: AgencyDisplayPreferences | null | undefined): void {
  preferences = agency ? { dateFormat: agency.dateFormat, timezone: agency.timezone } : DEFAULT_PREFERENCES;
}

export function datePreferences(): DatePreferences {
  return preferences;
}
