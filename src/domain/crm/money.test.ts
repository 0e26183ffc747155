import { describe, expect, it } from "vitest";
import { formatCents, weightedCents } from "./money.ts";

describe("money in centavos", () => {
  it("formats and weighs", () => {
    expect(formatCents(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(weightedCents(1001, 25)).toBe(250);
  });
});
