import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import { utcOffsetMinutes } from "./timezone-offset.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONES = [
  "America/Sao_Paulo",
  "America/Noronha",
  "America/Manaus",
  "America/New_York",
  "Europe/Lisbon",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Australia/Adelaide",
  "Pacific/Chatham",
  "UTC",
];

/**
 * Every 25 h 7 min from October 2018 to November 2020, plus the minutes around São Paulo's last
 * DST changes: every zone's changes (São Paulo had them until 2019) at every hour of the day.
 */
const INSTANTS = [
  ...Array.from({ length: 750 }, (_, i) => new Date(Date.UTC(2018, 9, 1) + i * (25 * 60 + 7) * 60_000)),
  ...["2018-11-04T02:59:00Z", "2018-11-04T03:00:00Z", "2019-02-17T01:59:00Z", "2019-02-17T02:00:00Z"].map(
    (iso) => new Date(iso),
  ),
];

describe("utcOffsetMinutes", () => {
  it("gives the offsets of known zones", () => {
    const november = new Date("2026-11-23T01:30:00Z");
    expect(utcOffsetMinutes(november, "America/Sao_Paulo")).toBe(-180);
    expect(utcOffsetMinutes(november, "Asia/Kolkata")).toBe(330);
    expect(utcOffsetMinutes(november, "Pacific/Chatham")).toBe(825);
    expect(utcOffsetMinutes(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe(-240);
  });

  it("agrees with dayjs's timezone plugin on the wall clock, across daylight-saving changes", {
    timeout: 60_000,
  }, () => {
    for (const zone of ZONES) {
      for (const instant of INSTANTS) {
        const ours = dayjs(instant).utcOffset(utcOffsetMinutes(instant, zone)).format("YYYY-MM-DD HH:mm dddd");
        expect(ours, `${zone} ${instant.toISOString()}`).toBe(dayjs(instant).tz(zone).format("YYYY-MM-DD HH:mm dddd"));
      }
    }
  });
});
