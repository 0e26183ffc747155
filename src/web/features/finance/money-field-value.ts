import { centsToDecimalText, parseReaisToCents } from "#domain/money.ts";

/**
 * What a money field holds, as Mantine's NumberInput gives it: a number, or the text of one it
 * cannot be yet ("1234." after the comma, "1234.50" with its trailing zero), dot for decimals.
 */
export type MoneyFieldValue = number | string;

/** The field's value in centavos; null while it is empty or only a sign. */
export function centsOfField(value: MoneyFieldValue): number | null {
  if (value === "") return null;
  const reais = Number(value);
  return Number.isFinite(reais) ? parseReaisToCents(reais) : null;
}

/** Centavos as the field shows them when nobody is typing: two decimals ("1234.50"), or empty. */
export function fieldAtRest(cents: number | null): MoneyFieldValue {
  return cents === null ? "" : centsToDecimalText(cents);
}
