import dayjs from "dayjs";
import "dayjs/locale/pt-br";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { AgencyDisplayPreferences, DateFormat } from "#domain/schemas/agency-settings.ts";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("pt-br");

/**
 * How the signed-in user's agency shows dates (Configurações de Sistema): its date format and
 * timezone. Without an agency (super admin, signed out): dd/MM/yyyy in the browser's timezone.
 */
type DatePreferences = { dateFormat: DateFormat; timezone: string | null };

const DEFAULT_PREFERENCES: DatePreferences = { dateFormat: "DD/MM/YYYY", timezone: null };
let preferences: DatePreferences = DEFAULT_PREFERENCES;

/** Called when /api/me loads; every formatter below follows it from then on. */
export function applyAgencyPreferences(agency: AgencyDisplayPreferences | null | undefined): void {
  preferences = agency ? { dateFormat: agency.dateFormat, timezone: agency.timezone } : DEFAULT_PREFERENCES;
}

/** A calendar day (yyyy-MM-dd) has no time of day, so no timezone may move it to another day. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function inAgencyTime(value: string | Date): dayjs.Dayjs {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return dayjs(value);
  return preferences.timezone ? dayjs(value).tz(preferences.timezone) : dayjs(value);
}

/** dd/MM/yyyy by default (spec §1), or the agency's date format. */
export function formatDate(value: string | Date | null | undefined): string {
  return value ? inAgencyTime(value).format(preferences.dateFormat) : "—";
}

/** dd/MM/yyyy 'às' HH:mm by default (spec §1), in the agency's date format and timezone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? inAgencyTime(value).format(`${preferences.dateFormat} [às] HH:mm`) : "—";
}

/** Today's date in Portuguese, e.g. "domingo, 22 de novembro de 2026", in the agency's timezone. */
export function formatLongDate(value: Date = new Date()): string {
  return inAgencyTime(value).format("dddd, D [de] MMMM [de] YYYY");
}

/**
 * Amounts are stored without a currency of their own and are shown in reais as the spec's
 * screens do; the agency's default currency does not convert them.
 */
export function formatMoney(value: number | string, currency = "BRL"): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency }).format(Number(value));
}
