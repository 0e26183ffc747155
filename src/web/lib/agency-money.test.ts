import { afterEach, describe, expect, it } from "vitest";
import { agencyCurrency, currencySign, formatCents } from "./agency-money.ts";
import { applyAgencyPreferences } from "./date-preferences.ts";

afterEach(() => applyAgencyPreferences(null));

describe("money in the agency's currency", () => {
  it("shows reais without an agency, and the agency's currency once /api/me has loaded", () => {
    expect(formatCents(123_456)).toMatch(/^R\$\s1\.234,56$/);
    applyAgencyPreferences({ timezone: "America/Sao_Paulo", dateFormat: "DD/MM/YYYY", currency: "USD" });
    expect(agencyCurrency()).toBe("USD");
    expect(formatCents(123_456)).toMatch(/^US\$\s1\.234,56$/);
    expect(currencySign()).toBe("US$");
    expect(formatCents(123_456, "BRL")).toMatch(/^R\$\s1\.234,56$/);
  });

  it("gives each currency's sign for a money field", () => {
    expect(currencySign("BRL")).toBe("R$");
    expect(currencySign("EUR")).toBe("€");
  });
});
