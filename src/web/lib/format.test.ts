import { afterEach, describe, expect, it } from "vitest";
import {
  applyAgencyPreferences,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatLongDate,
  formatMoney,
} from "./format.ts";

// 23 Nov 2026, 01:30 UTC: still the 22nd in São Paulo (UTC-3), already 10:30 in Tokyo.
const INSTANT = "2026-11-23T01:30:00.000Z";

afterEach(() => applyAgencyPreferences(null));

describe("format with the agency's preferences", () => {
  it("uses dd/MM/yyyy and 'às' HH:mm in the agency's timezone by default", () => {
    applyAgencyPreferences({ timezone: "America/Sao_Paulo", dateFormat: "DD/MM/YYYY", currency: "BRL" });
    expect(formatDate(INSTANT)).toBe("22/11/2026");
    expect(formatDateTime(INSTANT)).toBe("22/11/2026 às 22:30");
    expect(formatLongDate(new Date(INSTANT))).toBe("domingo, 22 de novembro de 2026");
  });

  it("follows another date format and timezone once chosen", () => {
    applyAgencyPreferences({ timezone: "Asia/Tokyo", dateFormat: "YYYY-MM-DD", currency: "BRL" });
    expect(formatDate(INSTANT)).toBe("2026-11-23");
    expect(formatDateTime(new Date(INSTANT))).toBe("2026-11-23 às 10:30");
    applyAgencyPreferences({ timezone: "America/New_York", dateFormat: "MM/DD/YYYY", currency: "USD" });
    expect(formatDateTime(INSTANT)).toBe("11/22/2026 às 20:30");
    expect(formatLongDate(new Date(INSTANT))).toBe("domingo, 22 de novembro de 2026");
  });

  it("never moves a calendar day to another day", () => {
    applyAgencyPreferences({ timezone: "Asia/Tokyo", dateFormat: "DD/MM/YYYY", currency: "BRL" });
    expect(formatDate("2026-11-25")).toBe("25/11/2026");
    applyAgencyPreferences({ timezone: "America/New_York", dateFormat: "DD/MM/YYYY", currency: "BRL" });
    expect(formatDate("2026-11-25")).toBe("25/11/2026");
  });

  it("shows a dash for no value and keeps money in reais", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatMoney(47800).replace(/\s/g, " ")).toBe("R$ 47.800,00");
  });

  it("writes file sizes in B, KB and MB with a decimal comma", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1,5 KB");
    expect(formatFileSize(5 * 1024 * 1024 + 104_858)).toBe("5,1 MB");
  });
});
