const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a timezone, built once: building one costs far more than reading it. */
function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, wallClock);
  }
  return wallClock;
}

/**
 * Minutes east of UTC that a timezone's clocks show at an instant (-180 in São Paulo).
 * dayjs's timezone plugin answers the same with a new Intl formatter per call (toLocaleString),
 * ~1 ms each on a phone; the dashboard formats a date per task and activity.
 */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of wallClockIn(timeZone).formatToParts(instant)) parts[type] = Number(value);
  const wallClockAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallClockAsUtc - wholeSeconds) / 60_000);
}
