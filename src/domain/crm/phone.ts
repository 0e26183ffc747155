import { onlyDigits } from "../br-documents.ts";

/**
 * The national digits (DDD + number) of what people type or paste: the trunk zeros dropped
 * ("011 98765-4321"), and the country code 55 when it is written with a "+" or when the digits
 * are more than a national number holds ("+55 11 98765-4321", "5511987654321").
 */
export function nationalDigits(value: string): string {
  let digits = onlyDigits(value).replace(/^0+/, "");
  if (digits.startsWith("55") && (digits.length > 11 || value.trim().startsWith("+55"))) digits = digits.slice(2);
  return digits;
}

/**
 * A Brazilian phone as E.164 (+55 + DDD + 8 or 9 digits), from what people type:
 * "(11) 98765-4321", "11987654321", "+55 11 98765-4321", "011 98765-4321". Null when it is not one.
 * SQL crm_phone_e164 (migration 0048) reads stored phones the same way.
 */
export function toE164(value: string): string | null {
  const digits = nationalDigits(value);
  if (digits.length !== 10 && digits.length !== 11) return null;
  const ddd = Number(digits.slice(0, 2));
  if (ddd < 11 || ddd > 99) return null;
  if (digits.length === 11 && digits[2] !== "9") return null;
  return `+55${digits}`;
}

/** +5511987654321 → (11) 98765-4321 for display; other numbers as stored. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "";
  const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

/**
 * The mask while typing or pasting: (11) 98765-4321, from the national digits (trunk 0 and +55
 * dropped). More digits than a national number holds are shown as they are, never cut: the form
 * then refuses the number instead of saving another one.
 */
export function maskPhone(value: string): string {
  if (value.trim() === "+") return "+";
  const d = nationalDigits(value);
  if (d.length > 11) return d;
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
