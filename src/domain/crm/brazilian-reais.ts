const THOUSANDS_GROUPED = /^\d{1,3}(\.\d{3})+$/;
const PLAIN_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reais as a Brazilian types them, to centavos; null when it is not an amount.
 * "1.000" is one thousand (a dot followed by groups of three digits separates thousands),
 * "13000,50" and "1.234,56" carry a decimal comma; "12.50" is still read as twelve and a half
 * because a dot with one or two digits after it cannot be a thousands separator.
 */
export function parseBrazilianReais(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, "");
  const normalized = cleaned.includes(",")
    ? cleaned.replace(/\./g, "").replace(",", ".")
    : THOUSANDS_GROUPED.test(cleaned)
      ? cleaned.replace(/\./g, "")
      : cleaned;
  const match = PLAIN_AMOUNT.exec(normalized);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const AMOUNT = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Centavos as the text of a money input, without the currency sign: 100000 → "1.000,00". */
export function formatReaisInput(cents: number): string {
  return AMOUNT.format(cents / 100);
}

/** A form's value field to the centavos it sends: empty is zero, text that is not an amount is NaN (the schema refuses it). */
export function reaisTextToCents(text: string): number {
  return text.trim() ? (parseBrazilianReais(text) ?? Number.NaN) : 0;
}
