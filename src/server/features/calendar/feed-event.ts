import type { ICalEventData } from "ical-generator";
import { dateInZone } from "#domain/calendar-date.ts";
import type { CalendarItem } from "#domain/schemas/calendar.ts";

const HALF_HOUR = 30 * 60_000;

/**
 * One calendar item as a feed event. A meeting is an instant, written in UTC (…Z) so every
 * subscribing calendar shows it at the agency's clock time; a due date is an all-day event on the
 * day it falls in the agency's time zone (ical-generator writes a date-only Date by its UTC day).
 */
export function feedEvent(item: CalendarItem, timeZone: string, publicUrl: string): ICalEventData {
  const start = new Date(item.startsAt);
  const when: Pick<ICalEventData, "start" | "end" | "allDay"> =
    item.kind === "meeting"
      ? { start, end: item.endsAt ? new Date(item.endsAt) : new Date(start.getTime() + HALF_HOUR), allDay: false }
      : { start: new Date(dateInZone(start, timeZone)), allDay: true };
  return {
    id: `${item.kind}-${item.id}@nexo`,
    ...when,
    summary: item.kind === "meeting" ? item.title : `${item.title}${item.projectName ? ` (${item.projectName})` : ""}`,
    url: item.projectId
      ? `${publicUrl}/app/projetos/visao-geral/${item.projectId}`
      : `${publicUrl}/app/projetos/calendario`,
  };
}
