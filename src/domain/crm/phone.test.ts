import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone, nationalDigits, toE164 } from "./phone.ts";
import { PASTED_PHONES } from "./phone-cases.ts";

describe("Brazilian phones", () => {
  it.each(PASTED_PHONES)("stores %s as %s", (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it("shows and masks the national format", () => {
    expect(formatPhone("+5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("+552133334444")).toBe("(21) 3333-4444");
    expect(maskPhone("1198765432")).toBe("(11) 9876-5432");
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
  });

  it("masks a pasted number with the trunk 0 or +55 without shifting or losing a digit", () => {
    expect(maskPhone("011 98765-4321")).toBe("(11) 98765-4321");
    expect(maskPhone("+55 11 98765-4321")).toBe("(11) 98765-4321");
    expect(maskPhone("5511987654321")).toBe("(11) 98765-4321");
    expect(maskPhone("+5511987654321")).toBe("(11) 98765-4321");
    expect(maskPhone("021 3333-4444")).toBe("(21) 3333-4444");
  });

  it("what the mask shows is what is saved", () => {
    for (const [typed, e164] of PASTED_PHONES) expect(toE164(maskPhone(typed))).toBe(e164);
  });

  it("never cuts digits: a number too long stays too long, and is refused", () => {
    expect(maskPhone("119876543210")).toBe("119876543210");
    expect(toE164(maskPhone("119876543210"))).toBeNull();
  });

  it("keeps a + being typed, and the national digits of a number being typed", () => {
    expect(maskPhone("+")).toBe("+");
    expect(maskPhone("+55 1")).toBe("(1");
    expect(nationalDigits("+55 11")).toBe("11");
    expect(maskPhone("(11")).toBe("(11");
  });
});
