import { describe, expect, it } from "vitest";
import { type BillableEntry, secondsToHourHundredths, timeInvoiceLines } from "./time-invoice-lines.ts";

const entry = (over: Partial<BillableEntry>): BillableEntry => ({
  taskId: "t1",
  taskTitle: "Criação de posts",
  startedAt: "2026-11-03T13:00:00.000Z",
  seconds: 3600,
  rateCents: 15_000,
  ...over,
});

describe("timeInvoiceLines", () => {
  it("makes one line per task and rate, hours to the hundredth, dates in the agency's zone", () => {
    const lines = timeInvoiceLines(
      [
        entry({ seconds: 5400 }),
        entry({ startedAt: "2026-11-05T02:30:00.000Z", seconds: 1800 }), // 4 Nov in São Paulo
        entry({ rateCents: 18_000, startedAt: "2026-11-10T12:00:00.000Z", seconds: 1200 }),
        entry({ taskId: null, taskTitle: null, seconds: 900 }),
      ],
      "America/Sao_Paulo",
    );
    expect(lines).toEqual([
      {
        service: "Criação de posts",
        description: "2 lançamentos de 03/11/2026 a 04/11/2026",
        quantity: 2,
        unitPriceCents: 15_000,
      },
      {
        service: "Horas do projeto",
        description: "1 lançamento em 03/11/2026",
        quantity: 0.25,
        unitPriceCents: 15_000,
      },
      {
        service: "Criação de posts",
        description: "1 lançamento em 10/11/2026",
        quantity: 0.33,
        unitPriceCents: 18_000,
      },
    ]);
  });

  it("rounds hours half up at the hundredth and drops a group that rounds to zero", () => {
    expect(secondsToHourHundredths(18)).toBe(1); // 0,005 h
    expect(secondsToHourHundredths(17)).toBe(0);
    expect(timeInvoiceLines([entry({ seconds: 17 })], "UTC")).toEqual([]);
  });
});
