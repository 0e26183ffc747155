import { describe, expect, it } from "vitest";
import { paidStatusOf } from "./invoice-payment-status.ts";

describe("paidStatusOf", () => {
  it("reads nothing, part or all of the amount due", () => {
    expect(paidStatusOf(0, 100_000)).toBe("emitida");
    expect(paidStatusOf(1, 100_000)).toBe("parcialmente_paga");
    expect(paidStatusOf(99_999, 100_000)).toBe("parcialmente_paga");
    expect(paidStatusOf(100_000, 100_000)).toBe("paga");
  });
});
