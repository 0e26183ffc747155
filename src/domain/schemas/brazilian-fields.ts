import { z } from "zod";
import { documentKey, formatDocument, isValidCnpj, onlyDigits } from "../br-documents.ts";
import { formatPhone, toE164 } from "../crm/phone.ts";
import { CRM_MESSAGES } from "./crm.ts";

/** Texts of an agency's Brazilian fields, in the Perfil tab and the super admin's agency form. */
export const BRAZILIAN_FIELD_MESSAGES = {
  invalidCnpj: "CNPJ inválido: confira os 14 caracteres.",
  invalidCep: "CEP inválido: use os 8 dígitos, ex.: 01310-100.",
  invalidPhone: CRM_MESSAGES.invalidPhone,
} as const;

/** Letters and digits with the punctuation people type between them, and nothing else. */
const PUNCTUATED_CNPJ = /^[\dA-Za-z\s./-]+$/;

/**
 * A CNPJ as typed ("11.222.333/0001-81", or since July 2026 "12.ABC.345/01DE-35"): its 14
 * characters, letters in upper case, once the check digits match; else null.
 */
export function cnpjKey(text: string): string | null {
  return PUNCTUATED_CNPJ.test(text) && isValidCnpj(text) ? documentKey(text) : null;
}

/** Eight digits, as the post office writes them (01310-100, the older 01.310-100) or run together. */
const CEP = /^\d{2}\.?\d{3}-?\d{3}$/;

/** A CEP as typed ("01310-100", "01310100"): written 00000-000, else null. */
export function cepOf(text: string): string | null {
  if (!CEP.test(text)) return null;
  const digits = onlyDigits(text);
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** The agency's Brazilian fields as stored: CNPJ as its 14 characters, CEP as 00000-000, phone as E.164. */
export type BrazilianFields = { taxId: string | null; zipCode: string | null; contactPhone: string | null };

/**
 * One field as typed: empty is none (null); a valid value becomes its stored form; the value the
 * agency already has (`kept`) passes as it is, even when a version that checked nothing stored it,
 * so an old value never stops anyone saving the other fields.
 */
function brazilianField(normalize: (text: string) => string | null, message: string, kept: string | null | undefined) {
  return z
    .string()
    .trim()
    .max(200)
    .transform((text, ctx) => {
      if (text === "") return null;
      const stored = normalize(text);
      if (stored !== null) return stored;
      if (kept && text === kept) return kept;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/**
 * The checked fields, for a form's validation and the server's (`kept`: the agency's stored values;
 * none for a new agency). Spread into an object schema, or `.pick` the fields a form has.
 */
export function brazilianFieldsShape(kept: Partial<BrazilianFields> = {}) {
  return {
    taxId: brazilianField(cnpjKey, BRAZILIAN_FIELD_MESSAGES.invalidCnpj, kept.taxId),
    zipCode: brazilianField(cepOf, BRAZILIAN_FIELD_MESSAGES.invalidCep, kept.zipCode),
    contactPhone: brazilianField(toE164, BRAZILIAN_FIELD_MESSAGES.invalidPhone, kept.contactPhone),
  };
}

/** The three fields as typed, checked against the stored ones (the server's second look at a body). */
export function brazilianFieldsSchema(kept: Partial<BrazilianFields> = {}) {
  return z.object(brazilianFieldsShape(kept));
}

/**
 * What a form shows for a stored value: a valid CNPJ or phone written out; anything else exactly
 * as stored, so an unchanged old value is recognised as `kept` when it comes back.
 */
export function brazilianFieldsInput(stored: Partial<BrazilianFields>): Record<keyof BrazilianFields, string> {
  const taxId = stored.taxId ?? "";
  return {
    taxId: cnpjKey(taxId) ? formatDocument(taxId) : taxId,
    zipCode: stored.zipCode ?? "",
    contactPhone: formatPhone(stored.contactPhone),
  };
}
