import type { AgencyDisplayPreferences, DateFormat } from "#domain/schemas/agency-settings.ts";

/**
 * How the signed-in user's agency shows dates (Configurações de Sistema): its date format and
 * timezone, and the currency of its invoices. Without an agency (super admin, signed out):
 * dd/MM/yyyy in the browser's timezone, reais.
 * Kept apart from format.ts so the profile query does not pull dayjs into the first load.
 */
export type DatePreferences = { dateFormat: DateFormat; timezone: string | null; currency: string };

const DEFAULT_PREFERENCES: DatePreferences = { dateFormat: "DD/MM/YYYY", timezone: null, currency: "BRL" };
let preferences: DatePreferences = DEFAULT_PREFERENCES;

/** Called when /api/me loads; every formatter of format.ts follows it from then on. */
export function applyAgencyPreferences(agency: AgencyDisplayPreferences | null | undefined): void {
  preferences = agency
    ? { dateFormat: agency.dateFormat, timezone: agency.timezone, currency: agency.currency }
    : DEFAULT_PREFERENCES;
}

export function datePreferences(): DatePreferences {
  return preferences;
}
