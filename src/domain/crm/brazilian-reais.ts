import { parseBrazilianReais } from "#domain/money.ts";

const AMOUNT = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Centavos as the text of a money input, without the currency sign: 100000 → "1.000,00". */
export function formatReaisInput(cents: number): string {
  return AMOUNT.format(cents / 100);
}

/** A form's value field to the centavos it sends: empty is zero, text that is not an amount is NaN (the schema refuses it). */
export function reaisTextToCents(text: string): number {
  return text.trim() ? (parseBrazilianReais(text) ?? Number.NaN) : 0;
}
