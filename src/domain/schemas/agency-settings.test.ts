import { describe, expect, it } from "vitest";
import { readStoredSetting, updateAgencySettingSchema } from "./agency-settings.ts";

const messageOf = (input: unknown) => updateAgencySettingSchema.safeParse(input).error?.issues[0]?.message;

describe("updateAgencySettingSchema", () => {
  it("accepts each key with one of its allowed values", () => {
    expect(updateAgencySettingSchema.parse({ key: "date_format", value: "YYYY-MM-DD" })).toEqual({
      key: "date_format",
      value: "YYYY-MM-DD",
    });
    expect(updateAgencySettingSchema.parse({ key: "two_factor_required", value: true }).value).toBe(true);
    expect(updateAgencySettingSchema.parse({ key: "backup_frequency", value: "monthly" }).value).toBe("monthly");
  });

  it("refuses values outside the list, unknown keys and several keys at once, in pt-BR", () => {
    expect(messageOf({ key: "timezone", value: "Mars/Olympus" })).toBe("Fuso horário inválido");
    expect(messageOf({ key: "currency", value: "BTC" })).toBe("Moeda inválida");
    expect(messageOf({ key: "language", value: "fr-FR" })).toBe("Idioma inválido");
    expect(messageOf({ key: "date_format", value: "DD.MM.YYYY" })).toBe("Formato de data inválido");
    expect(messageOf({ key: "backup_frequency", value: "hourly" })).toBe("Frequência de backup inválida");
    expect(messageOf({ key: "notification_email", value: "true" })).toBe("Valor deve ser verdadeiro ou falso");
    expect(messageOf({ key: "notification_sms", value: true })).toBe(
      "O envio de SMS ainda não está disponível no Nexo",
    );
    expect(messageOf({ key: "theme", value: "dark" })).toBe("Configuração desconhecida");
    expect(messageOf({ key: "language", value: "en-US", currency: "USD" })).toBe("Envie uma configuração por vez");
  });
});

describe("readStoredSetting", () => {
  it("falls back to the spec default for a missing or out-of-list value", () => {
    expect(readStoredSetting("backup_frequency", undefined)).toBe("weekly");
    expect(readStoredSetting("date_format", "DD.MM")).toBe("DD/MM/YYYY");
    expect(readStoredSetting("notification_email", undefined)).toBe(true);
    expect(readStoredSetting("two_factor_required", "true")).toBe(true);
    expect(readStoredSetting("auto_backup", false)).toBe(false);
  });
});
