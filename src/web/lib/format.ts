import dayjs from "dayjs";
import "dayjs/locale/pt-br";
import utc from "dayjs/plugin/utc";
import { datePreferences } from "./date-preferences.ts";
import { utcOffsetMinutes } from "./timezone-offset.ts";

export { applyAgencyPreferences } from "./date-preferences.ts";

dayjs.extend(utc);
dayjs.locale("pt-br");

/** A calendar day (yyyy-MM-dd) has no time of day, so no timezone may move it to another day. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function inAgencyTime(value: string | Date): dayjs.Dayjs {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return dayjs(value);
  const { timezone } = datePreferences();
  const date = dayjs(value);
  return timezone ? date.utcOffset(utcOffsetMinutes(date.toDate(), timezone)) : date;
}

/** dd/MM/yyyy by default (spec §1), or the agency's date format. */
export function formatDate(value: string | Date | null | undefined): string {
  return value ? inAgencyTime(value).format(datePreferences().dateFormat) : "—";
}

/** dd/MM/yyyy 'às' HH:mm by default (spec §1), in the agency's date format and timezone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? inAgencyTime(value).format(`${datePreferences().dateFormat} [às] HH:mm`) : "—";
}

/** A file's size as people read it: bytes, then KB and MB with a decimal comma. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(".", ",")} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
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
