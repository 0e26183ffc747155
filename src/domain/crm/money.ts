const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Centavos (integer) → "R$ 1.234,56". */
export function formatCents(cents: number): string {
  return BRL.format(cents / 100);
}

/**
 * "1.234,56", "1234,5", "1234.56", "R$ 10" → centavos; null when it is not an amount.
 * A comma is the decimal separator when present (Brazilian writing).
 */
export function parseReais(value: string): number | null {
  const cleaned = value.replace(/R\$|\s/g, "");
  if (!cleaned) return null;
  const normalised = cleaned.includes(",") ? cleaned.replace(/\./g, "").replace(",", ".") : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ""] = normalised.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** value × probability% rounded half up to the centavo (weighted forecast). */
export function weightedCents(cents: number, probability: number): number {
  return Math.round((cents * probability) / 100);
}
