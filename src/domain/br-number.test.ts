import { describe, expect, it } from "vitest";
import { parseBrNumber } from "./br-number.ts";

describe("numbers as Brazilians write them", () => {
  it.each([
    ["1.500,50", 1500.5],
    ["1500,50", 1500.5],
    ["1500,5", 1500.5],
    ["1500.5", 1500.5],
    ["1500", 1500],
    ["1.500", 1500],
    ["1.234.567,89", 1234567.89],
    ["-3,25", -3.25],
    [" 12 ", 12],
  ])("%s is %s", (typed, value) => {
    expect(parseBrNumber(typed)).toBe(value);
  });

  it.each(["", "abc", "1,2,3", "1.50.0", "R$ 10", "1e3"])("%s is not a number", (typed) => {
    expect(parseBrNumber(typed)).toBeNull();
  });
});
