import type { QuoteStatus } from "#domain/schemas/finance.ts";

/** A sent quote past its validity reads as expirado (the stored row says enviado until someone answers). */
export function quoteStatusOn(stored: QuoteStatus, validUntil: string, today: string): QuoteStatus {
  return stored === "enviado" && validUntil < today ? "expirado" : stored;
}
