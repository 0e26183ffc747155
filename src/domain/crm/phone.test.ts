import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone, toE164 } from "./phone.ts";

describe("Brazilian phones", () => {
  it("stores what people type as E.164", () => {
    expect(toE164("(11) 98765-4321")).toBe("+5511987654321");
    expect(toE164("+55 21 3333-4444")).toBe("+552133334444");
    expect(toE164("011 98765 4321")).toBe("+5511987654321");
  });

  it("refuses what is not a Brazilian number", () => {
    expect(toE164("98765-4321")).toBeNull();
    expect(toE164("(11) 88765-4321")).toBeNull();
    expect(toE164("abc")).toBeNull();
  });

  it("shows and masks the national format", () => {
    expect(formatPhone("+5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("+552133334444")).toBe("(21) 3333-4444");
    expect(maskPhone("1198765432")).toBe("(11) 9876-5432");
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
  });
});
