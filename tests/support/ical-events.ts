/** A test's reading of an iCalendar text (RFC 5545): each VEVENT's properties, lines unfolded. */
export type IcalProperty = { params: Record<string, string>; value: string };
export type IcalEvent = Record<string, IcalProperty>;

export function icalEvents(text: string): IcalEvent[] {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  const events: IcalEvent[] = [];
  let current: IcalEvent | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      const [name, ...params] = line.slice(0, colon).split(";");
      current[name] = {
        params: Object.fromEntries(params.map((param) => param.split("=") as [string, string])),
        value: line.slice(colon + 1),
      };
    }
  }
  return events;
}

/** The instant of a DATE-TIME value in UTC form (20261201T130000Z); throws on a floating or zoned one. */
export function utcInstant(property: IcalProperty): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(property.value);
  if (!match || property.params.TZID) throw new Error(`not a UTC date-time: ${JSON.stringify(property)}`);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}
