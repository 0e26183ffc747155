import { onlyDigits } from "./documents.ts";

/**
 * A Brazilian phone as E.164 (+55 + DDD + 8 or 9 digits), from what people type:
 * "(11) 98765-4321", "11987654321", "+55 11 98765-4321", "0xx11…". Null when it is not one.
 */
export function toE164(value: string): string | null {
  let digits = onlyDigits(value);
  if (digits.startsWith("0")) digits = digits.replace(/^0+/, "");
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) digits = digits.slice(2);
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

/** The mask while typing: (11) 98765-4321. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
