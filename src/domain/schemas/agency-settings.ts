import { z } from "zod";

/** Texts of the Configurações de Sistema tab (spec §2.8, §8). */
export const AGENCY_SETTINGS_MESSAGES = {
  updated: "Configurações atualizadas com sucesso!",
  updateFailed: "Erro ao atualizar configurações: ",
  unknownKey: "Configuração desconhecida",
  oneKeyPerRequest: "Envie uma configuração por vez",
  invalidTimezone: "Fuso horário inválido",
  invalidCurrency: "Moeda inválida",
  invalidLanguage: "Idioma inválido",
  invalidDateFormat: "Formato de data inválido",
  invalidBackupFrequency: "Frequência de backup inválida",
  invalidBoolean: "Valor deve ser verdadeiro ou falso",
  smsUnavailable: "O envio de SMS ainda não está disponível no Nexo",
  invalidIdleTimeout: "O tempo de inatividade deve ser um número inteiro de 5 a 1440 minutos",
} as const;

/**
 * Minutes of inactivity after which a session ends (issue 13, item 9), on top of the absolute
 * 7 days. Migration 0019 (app_session_idle_minutes) keeps the same numbers.
 */
export const SESSION_IDLE_TIMEOUT = { min: 5, max: 1440, default: 30 } as const;

/** Allowed values of spec §3 (system settings table). */
export const TIMEZONES = [
  "America/Sao_Paulo",
  "America/New_York",
  "Europe/London",
  "Europe/Paris",
  "Asia/Tokyo",
] as const;
export const CURRENCIES = ["BRL", "USD", "EUR", "GBP"] as const;
export const LANGUAGES = ["pt-BR", "en-US", "es-ES"] as const;
export const DATE_FORMATS = ["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"] as const;
export const BACKUP_FREQUENCIES = ["daily", "weekly", "monthly"] as const;

export type Timezone = (typeof TIMEZONES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];

export const TIMEZONE_LABELS: Record<Timezone, string> = {
  "America/Sao_Paulo": "São Paulo (GMT-3)",
  "America/New_York": "Nova York (GMT-5)",
  "Europe/London": "Londres (GMT+0)",
  "Europe/Paris": "Paris (GMT+1)",
  "Asia/Tokyo": "Tóquio (GMT+9)",
};
export const CURRENCY_LABELS: Record<Currency, string> = {
  BRL: "Real (R$)",
  USD: "Dólar americano (US$)",
  EUR: "Euro (€)",
  GBP: "Libra esterlina (£)",
};
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  "pt-BR": "Português (Brasil)",
  "en-US": "English (US)",
  "es-ES": "Español",
};
export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  "DD/MM/YYYY": "DD/MM/AAAA",
  "MM/DD/YYYY": "MM/DD/AAAA",
  "YYYY-MM-DD": "AAAA-MM-DD",
};
export const BACKUP_FREQUENCY_LABELS: Record<(typeof BACKUP_FREQUENCIES)[number], string> = {
  daily: "Diário",
  weekly: "Semanal",
  monthly: "Mensal",
};

/** Defaults of the keys kept in agency_settings (timezone and currency live on the agencies row). */
export const STORED_SETTING_DEFAULTS = {
  language: "pt-BR",
  date_format: "DD/MM/YYYY",
  notification_email: true,
  notification_sms: false,
  auto_backup: true,
  backup_frequency: "weekly",
  two_factor_required: false,
  session_idle_timeout_minutes: SESSION_IDLE_TIMEOUT.default as number,
} as const;

export type StoredSettingKey = keyof typeof STORED_SETTING_DEFAULTS;
export const STORED_SETTING_KEYS = Object.keys(STORED_SETTING_DEFAULTS) as StoredSettingKey[];
export const AGENCY_ROW_SETTING_KEYS = ["timezone", "currency"] as const;

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
const flag = () => z.boolean({ error: AGENCY_SETTINGS_MESSAGES.invalidBoolean });
const idleMinutes = () =>
  z
    .number({ error: AGENCY_SETTINGS_MESSAGES.invalidIdleTimeout })
    .int({ error: AGENCY_SETTINGS_MESSAGES.invalidIdleTimeout })
    .min(SESSION_IDLE_TIMEOUT.min, { error: AGENCY_SETTINGS_MESSAGES.invalidIdleTimeout })
    .max(SESSION_IDLE_TIMEOUT.max, { error: AGENCY_SETTINGS_MESSAGES.invalidIdleTimeout });
const setting = <K extends string, V extends z.ZodType>(key: K, value: V) =>
  z.strictObject({ key: z.literal(key), value }, { error: AGENCY_SETTINGS_MESSAGES.oneKeyPerRequest });

/** One setting per request: the key decides which values are allowed (spec §3, §7). */
export const updateAgencySettingSchema = z.discriminatedUnion(
  "key",
  [
    setting("timezone", choice(TIMEZONES, AGENCY_SETTINGS_MESSAGES.invalidTimezone)),
    setting("currency", choice(CURRENCIES, AGENCY_SETTINGS_MESSAGES.invalidCurrency)),
    setting("language", choice(LANGUAGES, AGENCY_SETTINGS_MESSAGES.invalidLanguage)),
    setting("date_format", choice(DATE_FORMATS, AGENCY_SETTINGS_MESSAGES.invalidDateFormat)),
    setting("notification_email", flag()),
    // Nothing sends SMS yet: the switch stays off rather than promise warnings nobody receives.
    setting("notification_sms", z.literal(false, { error: AGENCY_SETTINGS_MESSAGES.smsUnavailable })),
    setting("auto_backup", flag()),
    setting("backup_frequency", choice(BACKUP_FREQUENCIES, AGENCY_SETTINGS_MESSAGES.invalidBackupFrequency)),
    setting("two_factor_required", flag()),
    setting("session_idle_timeout_minutes", idleMinutes()),
  ],
  { error: AGENCY_SETTINGS_MESSAGES.unknownKey },
);

export type AgencySettingChange = z.output<typeof updateAgencySettingSchema>;
export type AgencySettingKey = AgencySettingChange["key"];

/** Every setting of the tab with its current (or default) value. */
export const agencySettingsSchema = z.object({
  timezone: z.enum(TIMEZONES),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  date_format: z.enum(DATE_FORMATS),
  notification_email: z.boolean(),
  notification_sms: z.boolean(),
  auto_backup: z.boolean(),
  backup_frequency: z.enum(BACKUP_FREQUENCIES),
  two_factor_required: z.boolean(),
  session_idle_timeout_minutes: z.number(),
});
export type AgencySettings = z.infer<typeof agencySettingsSchema>;

/** How the agency's dates and money are shown (GET /api/me). */
export const agencyDisplayPreferencesSchema = z.object({
  timezone: z.enum(TIMEZONES),
  dateFormat: z.enum(DATE_FORMATS),
  currency: z.enum(CURRENCIES),
});
export type AgencyDisplayPreferences = z.infer<typeof agencyDisplayPreferencesSchema>;

/**
 * A stored value read back: a value outside today's list (an old row, a hand edit) falls back to
 * the default instead of breaking the screen. Booleans accept the legacy string 'true'.
 */
export function readStoredSetting<K extends StoredSettingKey>(key: K, stored: unknown): AgencySettings[K] {
  const fallback = STORED_SETTING_DEFAULTS[key] as AgencySettings[K];
  if (typeof fallback === "boolean") {
    if (stored === true || stored === "true") return true as AgencySettings[K];
    if (stored === false || stored === "false") return false as AgencySettings[K];
    return fallback;
  }
  const parsed = updateAgencySettingSchema.safeParse({ key, value: stored });
  return parsed.success ? (parsed.data.value as AgencySettings[K]) : fallback;
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

/** The agency row's timezone and currency as the lists know them (an unknown stored value: the default). */
export function knownTimezone(value: string): Timezone {
  return isOneOf(TIMEZONES, value) ? value : "America/Sao_Paulo";
}
export function knownCurrency(value: string): Currency {
  return isOneOf(CURRENCIES, value) ? value : "BRL";
}
