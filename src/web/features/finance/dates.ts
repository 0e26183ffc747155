import { addDays, dateInZone } from "#domain/calendar-date.ts";
import { datePreferences } from "#web/lib/date-preferences.ts";

/** Today on the user's calendar as YYYY-MM-DD. */
export const todayIso = () => new Date().toLocaleDateString("en-CA");
/** Today on the agency's calendar (its time zone), the day the server judges dates by. */
export function agencyTodayIso(): string {
  const { timezone } = datePreferences();
  return timezone ? dateInZone(new Date(), timezone) : todayIso();
}
export const inDays = (days: number) => addDays(todayIso(), days);
export const monthStart = (date = todayIso()) => `${date.slice(0, 7)}-01`;
export { formatDateBr } from "#domain/calendar-date.ts";
