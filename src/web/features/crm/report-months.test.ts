import { describe, expect, it } from "vitest";
import { everyMonth, monthLabel } from "./report-months.ts";

describe("everyMonth", () => {
  it("lists every month of the period, the missing ones as 0, across a year's end", () => {
    expect(everyMonth("2025-11-15", "2026-02-03", [{ month: "2026-01", count: 4 }])).toEqual([
      { month: "2025-11", count: 0 },
      { month: "2025-12", count: 0 },
      { month: "2026-01", count: 4 },
      { month: "2026-02", count: 0 },
    ]);
  });

  it("gives nothing when the period ends before it starts", () => {
    expect(everyMonth("2026-05-01", "2026-04-30", [])).toEqual([]);
  });
});

describe("monthLabel", () => {
  it("reads a month in pt-BR", () => {
    expect(monthLabel("2026-05")).toBe("mai/26");
  });
});
