import { describe, expect, it } from "vitest";
import { parseBrazilianReais } from "#domain/money.ts";
import { formatReaisInput, reaisTextToCents } from "./brazilian-reais.ts";

describe("reais typed the Brazilian way", () => {
  it("reads dots as thousands and the comma as the decimal separator", () => {
    expect(parseBrazilianReais("1.000")).toBe(100_000);
    expect(parseBrazilianReais("13000,50")).toBe(1_300_050);
    expect(parseBrazilianReais("1.234.567,8")).toBe(123_456_780);
    expect(parseBrazilianReais("R$ 2.500,00")).toBe(250_000);
    expect(parseBrazilianReais("750")).toBe(75_000);
  });

  it("keeps a dot with one or two digits after it as decimals", () => {
    expect(parseBrazilianReais("12.50")).toBe(1_250);
    expect(parseBrazilianReais("12.5")).toBe(1_250);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "1,234,5", "1.00.0", "-10", "1,999"]) expect(parseBrazilianReais(text)).toBeNull();
  });

  it("writes centavos back as the input shows them", () => {
    expect(formatReaisInput(100_000)).toBe("1.000,00");
    expect(formatReaisInput(1_300_050)).toBe("13.000,50");
    expect(parseBrazilianReais(formatReaisInput(123_456_789))).toBe(123_456_789);
  });

  it("gives a form's value field as centavos, NaN when it is not an amount", () => {
    expect(reaisTextToCents("")).toBe(0);
    expect(reaisTextToCents("1.000")).toBe(100_000);
    expect(reaisTextToCents("dez")).toBeNaN();
  });
});
