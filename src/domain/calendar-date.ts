/** Calendar dates as YYYY-MM-DD text: the day an instant falls on in a time zone, and month arithmetic. */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

/**
 * A day that exists on the calendar, as YYYY-MM-DD: "2026-02-30" and "2026-04-31" do not, and
 * year 0000 is refused because PostgreSQL refuses it (a bad date must be a 400, never a 500).
 */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const LEADING_DATE = /^[+-]?\d{4,6}-\d{2}-\d{2}/;

/**
 * An instant as a request may send it (a date, or a date and time) that PostgreSQL can store: it
 * parses, falls in years 1 to 9999, and its date part, when written YYYY-MM-DD, exists on the
 * calendar ("0000-01-01", "+275760-09-13" and "2026-02-30" parse in JavaScript, then fail or
 * silently move in the database).
 */
export function isStorableInstant(text: string): boolean {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  const datePart = LEADING_DATE.exec(text)?.[0];
  return year >= 1 && year <= 9999 && (datePart === undefined || isCalendarDate(datePart));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateInZone(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "2026-03" + 2 → "2026-05". */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** dd/mm/aaaa. */
export function formatDateBr(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}
