import { addDays } from "#domain/calendar-date.ts";

/** Today on the user's calendar as YYYY-MM-DD. */
export const todayIso = () => new Date().toLocaleDateString("en-CA");
export const inDays = (days: number) => addDays(todayIso(), days);
export const monthStart = (date = todayIso()) => `${date.slice(0, 7)}-01`;
export { formatDateBr } from "#domain/calendar-date.ts";
