import { z } from "zod";
import { AGENCY_SETTINGS_MESSAGES, CURRENCIES, TIMEZONES } from "./agency-settings.ts";
import { type BrazilianFields, brazilianFieldsInput, brazilianFieldsShape } from "./brazilian-fields.ts";

/** Texts of the Perfil da Agência tab (spec §2.8, §5, §8). */
export const AGENCY_PROFILE_MESSAGES = {
  nameTooShort: "Nome deve ter pelo menos 2 caracteres",
  invalidEmail: "Email inválido",
  invalidUrl: "URL inválida",
  invalidColor: "Cor inválida (use o formato #RRGGBB)",
  tooLong: "Texto muito longo",
  updated: "Dados da agência atualizados com sucesso!",
  updateFailed: "Erro ao atualizar dados: ",
  logoUpdated: "Logo atualizada com sucesso!",
  logoUploadFailed: "Erro ao fazer upload da logo: ",
  logoNotImage: "Por favor, selecione apenas arquivos de imagem.",
  logoTooLarge: "O arquivo deve ter no máximo 5MB.",
  logoHint: "JPG, PNG, GIF (máx. 5MB)",
  logoMissing: "Nenhuma logo enviada.",
  invalidField: "Dados inválidos.",
} as const;

/** Spec §9: logo maximum 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_PRIMARY_COLOR = "#3B82F6";

const MAX_TEXT = 200;

/** Every field is sent, as the form holds it: a string (empty when not filled in). */
const text = () => z.string({ error: AGENCY_PROFILE_MESSAGES.invalidField }).trim();

/** Optional free text: trimmed, empty becomes null. */
const optionalText = text()
  .max(MAX_TEXT, AGENCY_PROFILE_MESSAGES.tooLong)
  .transform((value) => (value === "" ? null : value));

/** CNPJ, CEP and phone as typed: checked against the stored agency (brazilianFieldsShape), by the form and the server. */
const brazilianText = text().max(MAX_TEXT, AGENCY_PROFILE_MESSAGES.tooLong);

const optionalEmail = text()
  .max(MAX_TEXT, AGENCY_PROFILE_MESSAGES.tooLong)
  .refine((value) => value === "" || z.email().safeParse(value).success, AGENCY_PROFILE_MESSAGES.invalidEmail)
  .transform((value) => (value === "" ? null : value.toLowerCase()));

const optionalUrl = text()
  .max(MAX_TEXT, AGENCY_PROFILE_MESSAGES.tooLong)
  .refine((value) => value === "" || isWebUrl(value), AGENCY_PROFILE_MESSAGES.invalidUrl)
  .transform((value) => (value === "" ? null : value));

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * PUT /api/agency/profile (spec §5): every field, as the form holds it. CNPJ, CEP and phone pass
 * here as text; agencyProfileFormSchema and the server check them against the stored profile.
 */
export const agencyProfileSchema = z.object({
  name: z
    .string({ error: AGENCY_PROFILE_MESSAGES.nameTooShort })
    .trim()
    .min(2, AGENCY_PROFILE_MESSAGES.nameTooShort)
    .max(120, AGENCY_PROFILE_MESSAGES.tooLong),
  contactEmail: optionalEmail,
  contactPhone: brazilianText,
  website: optionalUrl,
  taxId: brazilianText,
  primaryColor: text()
    .transform((value) => (value === "" ? DEFAULT_PRIMARY_COLOR : value.toUpperCase()))
    .refine((value) => /^#[0-9A-F]{6}$/.test(value), AGENCY_PROFILE_MESSAGES.invalidColor),
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: brazilianText,
  country: optionalText,
  timezone: z.enum(TIMEZONES, { error: AGENCY_SETTINGS_MESSAGES.invalidTimezone }),
  currency: z.enum(CURRENCIES, { error: AGENCY_SETTINGS_MESSAGES.invalidCurrency }),
});

/** The whole check of the profile, given the agency's stored values (the form's validation, and the server's). */
export function agencyProfileFormSchema(stored: Partial<BrazilianFields> = {}) {
  return agencyProfileSchema.extend(brazilianFieldsShape(stored));
}

/** What the form holds: every field a string, as the inputs give them. */
export type AgencyProfileInput = z.input<typeof agencyProfileSchema>;
/** The body as the route reads it: CNPJ, CEP and phone still as typed, for the server to check against the stored agency. */
export type AgencyProfileBody = z.output<typeof agencyProfileSchema>;

/** GET /api/agency/profile (and the answer of its changes). */
export const agencyProfileAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  taxId: z.string().nullable(),
  primaryColor: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.enum(TIMEZONES),
  currency: z.enum(CURRENCIES),
  logoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AgencyProfile = z.infer<typeof agencyProfileAnswerSchema>;

/** The form's values for a stored profile: nulls become empty inputs. */
export function toProfileInput(profile: AgencyProfile): AgencyProfileInput {
  return {
    ...brazilianFieldsInput(profile),
    name: profile.name,
    contactEmail: profile.contactEmail ?? "",
    website: profile.website ?? "",
    primaryColor: profile.primaryColor,
    address: profile.address ?? "",
    city: profile.city ?? "",
    state: profile.state ?? "",
    country: profile.country ?? "",
    timezone: profile.timezone,
    currency: profile.currency,
  };
}
