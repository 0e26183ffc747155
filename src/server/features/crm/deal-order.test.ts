import { describe, expect, it } from "vitest";
import { keyBetween, spreadKeyBetween } from "./deal-order.ts";

const many = (a: string | null, b: string | null) => Array.from({ length: 200 }, () => spreadKeyBetween(a, b));

describe("spreadKeyBetween", () => {
  it("answers keys strictly between the neighbours, and not always the same one", () => {
    const [a, b] = ["a0", "a1"];
    const keys = many(a, b);
    for (const key of keys) expect(key > a && key < b).toBe(true);
    expect(new Set(keys).size).toBeGreaterThan(16);
  });

  it("goes before the first card, after the last, and anywhere in an empty column", () => {
    for (const key of many(null, "a0")) expect(key < "a0").toBe(true);
    for (const key of many("a0", null)) expect(key > "a0").toBe(true);
    expect(many(null, null).every((key) => key.length > 0)).toBe(true);
  });

  it("places after the first of two equal neighbours, as keyBetween does", () => {
    for (const key of many("a0", "a0")) expect(key > "a0").toBe(true);
    expect(keyBetween("a0", "a0") > "a0").toBe(true);
  });
});
