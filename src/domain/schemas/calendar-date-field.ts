import { z } from "zod";
import { isCalendarDate } from "../calendar-date.ts";

export const INVALID_DATE_MESSAGE = "Data inválida.";

/** A YYYY-MM-DD field of a request: every schema takes dates through this one check. */
export function calendarDateField(message: string = INVALID_DATE_MESSAGE) {
  return z.string({ error: message }).refine(isCalendarDate, message);
}
