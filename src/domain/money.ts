import { brNumberText } from "./br-number.ts";
/**
 * Money rules, written once: amounts are integer centavos, quantities integer hundredths
 * (1,5 h = 150), rates integer basis points (5% = 500). Every division rounds half away from
 * zero at the centavo, once per line and once per total, never on floats.
 */

/** Rounds numerator / denominator (integers, denominator > 0) half away from zero. */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** A quantity typed by a person (1,5 or 1.5) in hundredths; null when it has more than two decimals. */
export function quantityToHundredths(quantity: number): number | null {
  const hundredths = Math.round(quantity * 100);
  return Math.abs(hundredths - quantity * 100) < 1e-6 ? hundredths : null;
}

/** One line: quantity (hundredths) × unit price (centavos), rounded to the centavo. */
export function lineTotalCents(quantityHundredths: number, unitPriceCents: number): number {
  return divideRounded(quantityHundredths * unitPriceCents, 100);
}

/** A part of an amount at a rate in basis points (ISS 5% of R$ 1.000,00 = R$ 50,00). */
export function rateOfCents(amountCents: number, rateBasisPoints: number): number {
  return divideRounded(amountCents * rateBasisPoints, 10_000);
}

export type DocumentLine = { quantityHundredths: number; unitPriceCents: number };

export type DocumentTotalsInput = {
  lines: readonly DocumentLine[];
  discountCents: number;
  /** ISS rate in basis points (0..10000), shown on the document. */
  issRateBasisPoints: number;
  /** The client withholds the ISS (retenção na fonte): it is not paid to the agency. */
  issWithheld: boolean;
};

export type DocumentTotals = {
  lineTotalsCents: number[];
  subtotalCents: number;
  discountCents: number;
  /** Subtotal minus discount: the service value the ISS is computed on. */
  totalCents: number;
  issCents: number;
  /** What the client pays the agency: the total, less the ISS when the client withholds it. */
  amountDueCents: number;
};

/** Totals of a quote or an invoice (the discount is capped by the subtotal by the schema, checked here too). */
export function documentTotals(input: DocumentTotalsInput): DocumentTotals {
  const lineTotalsCents = input.lines.map((line) => lineTotalCents(line.quantityHundredths, line.unitPriceCents));
  const subtotalCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const discountCents = Math.min(Math.max(input.discountCents, 0), subtotalCents);
  const totalCents = subtotalCents - discountCents;
  const issCents = rateOfCents(totalCents, input.issRateBasisPoints);
  const amountDueCents = input.issWithheld ? totalCents - issCents : totalCents;
  return { lineTotalsCents, subtotalCents, discountCents, totalCents, issCents, amountDueCents };
}

/** A payment moves the balance; it may never take it below zero. */
export function balanceCents(amountDueCents: number, paidCents: number): number {
  return amountDueCents - paidCents;
}

/** "R$ 1.234,56" in the agency's currency (pt-BR format). */
export function formatCents(cents: number, currency = "BRL"): string {
  return formatterOf(currency).format(cents / 100);
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("pt-BR", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Centavos as the decimal text of standards and exports ("1234.50"), without floats. */
export function centsToDecimalText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/**
 * Centavos as a number Brazilian Excel reads and sums ("1234,50": decimal comma, no thousands
 * dot, no "R$"; the column header says "(R$)"). Every CSV that carries money writes it this way.
 */
export function centsToSpreadsheetNumber(cents: number): string {
  return centsToDecimalText(cents).replace(".", ",");
}

/**
 * Reais as a Brazilian types them, to centavos; null when it is not an amount of at most two decimals.
 * "1.000" is one thousand, "13000,50" and "1.234,56" carry a decimal comma; "12.50" is twelve and
 * a half (a dot with one or two digits after it cannot group thousands). Read as brNumberText reads numbers.
 */
export function parseBrazilianReais(text: string): number | null {
  const decimal = brNumberText(text.replace(/R\$/g, ""));
  const match = decimal === null ? null : /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Reais typed by a person ("1.234,56", "1.000", "1234.56", -10, 1234.56) to centavos; null when not a money amount. */
export function parseReaisToCents(input: string | number): number | null {
  const text = typeof input === "number" ? input.toFixed(2) : input.trim();
  const negative = text.startsWith("-");
  const cents = parseBrazilianReais(negative ? text.slice(1) : text);
  return cents !== null && negative ? -cents : cents;
}
