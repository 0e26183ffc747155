/**
 * Brazilian taxpayer documents: CPF (11 digits) and CNPJ (14 characters) with their check digits.
 * Since July 2026 the Receita Federal also assigns alphanumeric CNPJs: the first 12 characters may
 * be letters (A–Z) and each character counts as its ASCII code minus 48 (0–9 as before, A = 17),
 * the same modulo 11 (Nota Técnica COCAD/SUARA/RFB 49/2024); the two check digits stay digits.
 */

export const onlyDigits = (value: string): string => value.replace(/\D/g, "");

/** A document as stored and compared: its letters and digits, letters in upper case. */
export const documentKey = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, "");

const charValue = (char: string) => char.charCodeAt(0) - 48;

function checkDigit(key: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, index) => acc + charValue(key[index]) * weight, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const allSame = (key: string) => /^(.)\1*$/.test(key);

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || allSame(digits) || documentKey(value) !== digits) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

/** A CNPJ, numeric or alphanumeric, whose two check digits match (punctuation and case ignored). */
export function isValidCnpj(value: string): boolean {
  const key = documentKey(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(key) || allSame(key)) return false;
  const first = checkDigit(key, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(key, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(key[12]) && second === Number(key[13]);
}

/** A CPF (11 digits) or a CNPJ (14 characters) with valid check digits. */
export function isValidDocument(value: string): boolean {
  return documentKey(value).length === 11 ? isValidCpf(value) : isValidCnpj(value);
}

/** "123.456.789-09" / "12.345.678/0001-95" / "12.ABC.345/01DE-35"; other text is returned as it is. */
export function formatDocument(value: string | null | undefined): string {
  const key = documentKey(value ?? "");
  if (/^\d{11}$/.test(key)) return key.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, "$1.$2.$3-$4");
  if (/^[0-9A-Z]{12}\d{2}$/.test(key)) return key.replace(/(.{2})(.{3})(.{3})(.{4})(.{2})/, "$1.$2.$3/$4-$5");
  return value ?? "";
}
