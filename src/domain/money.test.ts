import { describe, expect, it } from "vitest";
import {
  centsToDecimalText,
  centsToSpreadsheetNumber,
  divideRounded,
  documentTotals,
  formatCents,
  lineTotalCents,
  parseReaisToCents,
  quantityToHundredths,
  rateOfCents,
} from "./money.ts";

describe("money rules", () => {
  it("rounds half away from zero at the centavo", () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(149, 100)).toBe(1);
    expect(divideRounded(150, 100)).toBe(2);
  });

  it("computes a line as quantity × unit price rounded once", () => {
    // 1,5 h × R$ 133,33 = R$ 199,995 → R$ 200,00
    expect(lineTotalCents(150, 13_333)).toBe(20_000);
    // 3 × R$ 0,10 = R$ 0,30 exactly (0.1 * 3 in floats is 0.30000000000000004)
    expect(lineTotalCents(300, 10)).toBe(30);
    expect(lineTotalCents(33, 1)).toBe(0);
  });

  it("takes rates in basis points", () => {
    expect(rateOfCents(100_000, 500)).toBe(5_000);
    expect(rateOfCents(33_333, 250)).toBe(833); // 833,325 → 833
    expect(rateOfCents(10_050, 500)).toBe(503); // 502,5 → 503
  });

  it("totals a document: lines, discount, ISS shown and, when withheld, not due", () => {
    const lines = [
      { quantityHundredths: 100, unitPriceCents: 450_000 },
      { quantityHundredths: 1_250, unitPriceCents: 18_000 },
    ];
    const shown = documentTotals({ lines, discountCents: 25_000, issRateBasisPoints: 500, issWithheld: false });
    expect(shown).toEqual({
      lineTotalsCents: [450_000, 225_000],
      subtotalCents: 675_000,
      discountCents: 25_000,
      totalCents: 650_000,
      issCents: 32_500,
      amountDueCents: 650_000,
    });
    const withheld = documentTotals({ lines, discountCents: 25_000, issRateBasisPoints: 500, issWithheld: true });
    expect(withheld.amountDueCents).toBe(617_500);
  });

  it("never lets a discount take the total below zero", () => {
    const totals = documentTotals({
      lines: [{ quantityHundredths: 100, unitPriceCents: 1_000 }],
      discountCents: 5_000,
      issRateBasisPoints: 0,
      issWithheld: false,
    });
    expect(totals.totalCents).toBe(0);
  });

  it("reads quantities with up to two decimals only", () => {
    expect(quantityToHundredths(1.5)).toBe(150);
    expect(quantityToHundredths(0.29)).toBe(29);
    expect(quantityToHundredths(1.555)).toBeNull();
  });

  it("formats and parses reais in pt-BR", () => {
    expect(formatCents(123_456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(centsToDecimalText(123_450)).toBe("1234.50");
    expect(centsToDecimalText(5)).toBe("0.05");
    expect(centsToSpreadsheetNumber(1_580_000)).toBe("15800,00");
    expect(centsToSpreadsheetNumber(5)).toBe("0,05");
    expect(centsToSpreadsheetNumber(1_234_567_890_123)).toBe("12345678901,23");
    expect(parseReaisToCents("1.234,56")).toBe(123_456);
    expect(parseReaisToCents("R$ 10,5")).toBe(1_050);
    expect(parseReaisToCents("1234.56")).toBe(123_456);
    expect(parseReaisToCents("1.000")).toBe(100_000);
    expect(parseReaisToCents("-10")).toBe(-1_000);
    expect(parseReaisToCents(-12.5)).toBe(-1_250);
    expect(parseReaisToCents("abc")).toBeNull();
  });
});
