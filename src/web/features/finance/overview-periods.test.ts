import { describe, expect, it } from "vitest";
import { periodDates } from "./overview-periods.ts";

describe("Visão Geral periods", () => {
  it("runs whole months from their first day up to today", () => {
    expect(periodDates("mes_atual", "2026-11-25")).toEqual({ from: "2026-11-01", to: "2026-11-25" });
    expect(periodDates("tres_meses", "2026-11-25")).toEqual({ from: "2026-09-01", to: "2026-11-25" });
    expect(periodDates("doze_meses", "2026-11-25")).toEqual({ from: "2025-12-01", to: "2026-11-25" });
    expect(periodDates("ano_atual", "2026-11-25")).toEqual({ from: "2026-01-01", to: "2026-11-25" });
  });

  it("takes the whole previous month, across a year and a leap February", () => {
    expect(periodDates("mes_anterior", "2026-01-10")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodDates("mes_anterior", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });
});
