import { formatCents as formatIn } from "#domain/money.ts";
import { datePreferences } from "./date-preferences.ts";

/** The signed-in agency's currency (Configurações de Sistema), reais without one. */
export const agencyCurrency = (): string => datePreferences().currency;

/** Centavos as the agency's money in pt-BR ("R$ 1.234,56"), as its invoices and PDFs print them. */
export const formatCents = (cents: number, currency = agencyCurrency()): string => formatIn(cents, currency);

/** The currency's sign as pt-BR writes it ("R$", "US$", "€"), for a money field's prefix. */
export function currencySign(currency = agencyCurrency()): string {
  const parts = new Intl.NumberFormat("pt-BR", { style: "currency", currency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}
