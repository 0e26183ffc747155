import { describe, expect, it } from "vitest";
import { formatDocument, isValidCnpj, isValidCpf, isValidDocument } from "./documents.ts";

describe("CPF and CNPJ check digits", () => {
  it("accepts valid numbers with or without punctuation", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidDocument("11.222.333/0001-81")).toBe(true);
  });

  it("refuses wrong check digits, repeated digits and wrong lengths", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-80")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
    expect(isValidDocument("1234")).toBe(false);
  });

  it("formats digits for display", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
  });
});
