import { describe, expect, it } from "vitest";
import { formatCents, parseReais, weightedCents } from "./money.ts";

describe("money in centavos", () => {
  it("parses Brazilian amounts", () => {
    expect(parseReais("1.234,56")).toBe(123456);
    expect(parseReais("R$ 10")).toBe(1000);
    expect(parseReais("99,9")).toBe(9990);
    expect(parseReais("12.50")).toBe(1250);
    expect(parseReais("abc")).toBeNull();
  });
  it("formats and weighs", () => {
    expect(formatCents(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(weightedCents(1001, 25)).toBe(250);
  });
});
