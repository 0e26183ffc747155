import { describe, expect, it } from "vitest";
import { isCalendarDate, isLeapYear, isStorableInstant } from "./calendar-date.ts";

describe("isCalendarDate", () => {
  it("accepts days that exist, the 29th of February only in a leap year", () => {
    for (const date of [
      "2026-01-31",
      "2026-02-28",
      "2024-02-29",
      "2000-02-29",
      "2026-04-30",
      "2026-12-31",
      "0001-01-01",
    ])
      expect(isCalendarDate(date), date).toBe(true);
  });

  it("refuses days that do not exist and text that is not YYYY-MM-DD", () => {
    for (const date of [
      "2026-02-29",
      "1900-02-29",
      "2026-02-30",
      "2026-04-31",
      "2026-06-31",
      "2026-11-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "0000-01-01",
      "2026-1-01",
      "2026-01-01T00:00:00Z",
      "01/02/2026",
      "",
    ])
      expect(isCalendarDate(date), date).toBe(false);
  });
});

describe("isStorableInstant", () => {
  it("accepts dates and date-times PostgreSQL can store", () => {
    for (const text of [
      "2026-11-29",
      "2026-11-29T10:00:00.000Z",
      "2024-02-29T23:59:59-03:00",
      "0001-01-01",
      "9999-12-31",
    ]) {
      expect(isStorableInstant(text), text).toBe(true);
    }
  });

  it("refuses text that does not parse, years outside 1 to 9999, and days that do not exist", () => {
    for (const text of [
      "ontem",
      "",
      "0000-01-01",
      "+275760-09-13",
      "-000001-01-01",
      "2026-02-30",
      "2025-02-29T10:00:00Z",
    ]) {
      expect(isStorableInstant(text), text).toBe(false);
    }
  });
});

describe("isLeapYear", () => {
  it("every 4th year, not centuries, except every 400th", () => {
    expect([2024, 2026, 1900, 2000, 2100].map(isLeapYear)).toEqual([true, false, false, true, false]);
  });
});
