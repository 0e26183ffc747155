const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Centavos (integer) → "R$ 1.234,56". */
export function formatCents(cents: number): string {
  return BRL.format(cents / 100);
}

/** value × probability% rounded half up to the centavo (weighted forecast). */
export function weightedCents(cents: number, probability: number): number {
  return Math.round((cents * probability) / 100);
}
