import { describe, expect, it } from "vitest";
import { centsOfField, fieldAtRest } from "./money-field-value.ts";

describe("a money field's value while it is typed", () => {
  it("counts what NumberInput gives at every keystroke of 1.234,50", () => {
    expect([1, 12, 123, 1234, "1234.", 1234.5, "1234.50"].map(centsOfField)).toEqual([
      100, 1200, 12300, 123400, 123400, 123450, 123450,
    ]);
  });

  it("is no amount while empty or only a sign", () => {
    expect(centsOfField("")).toBeNull();
    expect(centsOfField("-")).toBeNull();
  });

  it("shows two decimals at rest, without floats", () => {
    expect(fieldAtRest(123450)).toBe("1234.50");
    expect(fieldAtRest(29)).toBe("0.29");
    expect(fieldAtRest(null)).toBe("");
  });
});
