import { describe, expect, it } from "vitest";
import { dueOccurrences } from "./expense-recurrence.ts";

describe("dueOccurrences", () => {
  it("repeats a monthly expense from the next month up to today, on its day", () => {
    expect(dueOccurrences({ spentOn: "2026-08-10", recurrence: "mensal" }, "2026-11-09")).toEqual([
      { periodKey: "2026-09", spentOn: "2026-09-10" },
      { periodKey: "2026-10", spentOn: "2026-10-10" },
    ]);
  });

  it("moves the 31st to the last day of a shorter month, leap years included", () => {
    const days = dueOccurrences({ spentOn: "2028-01-31", recurrence: "mensal" }, "2028-04-30").map((o) => o.spentOn);
    expect(days).toEqual(["2028-02-29", "2028-03-31", "2028-04-30"]);
  });

  it("repeats a yearly expense once a year, keyed by the year", () => {
    expect(dueOccurrences({ spentOn: "2025-03-05", recurrence: "anual" }, "2027-03-05")).toEqual([
      { periodKey: "2026", spentOn: "2026-03-05" },
      { periodKey: "2027", spentOn: "2027-03-05" },
    ]);
  });

  it("gives nothing for a one-off expense or one not yet due", () => {
    expect(dueOccurrences({ spentOn: "2026-01-01", recurrence: "nenhuma" }, "2030-01-01")).toEqual([]);
    expect(dueOccurrences({ spentOn: "2026-11-20", recurrence: "mensal" }, "2026-12-19")).toEqual([]);
  });
});
