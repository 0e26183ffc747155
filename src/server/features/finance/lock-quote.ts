import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { quotes } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** The agency's quote, locked for the rest of the transaction; 404 otherwise. */
export async function lockQuote(db: Queryable, agencyId: string, quoteId: string) {
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, agencyId)))
    .for("update");
  if (!quote) throw new AppError("not_found", FINANCE_MESSAGES.quoteNotFound);
  return quote;
}
