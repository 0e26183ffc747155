import { describe, expect, it } from "vitest";
import { evenTicks } from "./chart-ticks.ts";

describe("evenTicks", () => {
  it("spaces money ticks evenly from 0 to cover the largest value", () => {
    expect(evenTicks(15_800)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(evenTicks(16_000)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(evenTicks(45_000)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(evenTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
  });

  it("keeps counts whole, however small", () => {
    expect(evenTicks(1)).toEqual([0, 1]);
    expect(evenTicks(2)).toEqual([0, 1, 2]);
    expect(evenTicks(3)).toEqual([0, 1, 2, 3]);
    expect(evenTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(evenTicks(0)).toEqual([0, 1]);
  });

  it("every step is the same", () => {
    for (const max of [3, 9, 13, 99, 1234, 98_765]) {
      const ticks = evenTicks(max);
      const steps = new Set(ticks.slice(1).map((t, i) => t - ticks[i]));
      expect(steps.size).toBe(1);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });
});
