import { describe, expect, it } from "vitest";
import { documentKey, formatDocument, isValidCnpj, isValidCpf, isValidDocument } from "./br-documents.ts";

describe("CPF and CNPJ", () => {
  it("accepts documents with correct check digits, formatted or not", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidDocument("11.222.333/0001-81")).toBe(true);
    expect(isValidDocument("529.982.247-25")).toBe(true);
  });

  it("refuses wrong check digits, wrong lengths and repeated digits", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("1234")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
    expect(isValidDocument("1234")).toBe(false);
  });

  it("formats digits as people write them", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });

  it("accepts the alphanumeric CNPJ of July 2026 (the Receita Federal's example), in any case, and stores it in upper case", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
    expect(isValidDocument("12.ABC.345/01DE-35")).toBe(true);
    expect(documentKey(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    // The check digits stay digits, and a CPF has no letters.
    expect(isValidCnpj("12.ABC.345/01DE-3A")).toBe(false);
    expect(isValidCpf("529.982.247-2A")).toBe(false);
  });
});
