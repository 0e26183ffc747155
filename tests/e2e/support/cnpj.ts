import { formatDocument, isValidCnpj } from "#domain/br-documents.ts";

/** A valid CNPJ no other run or seed holds (a company's CNPJ must be unique in its agency), formatted. */
export function uniqueCnpj(): { valid: string; wrongCheckDigit: string } {
  const base = `${String(Date.now() % 100_000_000).padStart(8, "0")}0001`;
  for (let checkDigits = 0; checkDigits < 100; checkDigits++) {
    const digits = `${base}${String(checkDigits).padStart(2, "0")}`;
    if (!isValidCnpj(digits)) continue;
    const wrong = `${digits.slice(0, 13)}${(Number(digits[13]) + 1) % 10}`;
    return { valid: formatDocument(digits), wrongCheckDigit: formatDocument(wrong) };
  }
  throw new Error(`no check digits fit ${base}`);
}
