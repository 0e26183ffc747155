import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Page, QuoteStatus, QuoteSummary } from "#domain/schemas/finance.ts";
import type { Queryable } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { companies, quotes } from "../../db/schema.ts";
import { quoteStatusOn } from "./quote-status.ts";

type Options = { status?: QuoteStatus; cursor?: string; limit: number; today: string; ownerId: string | null };

function statusFilter(status: QuoteStatus | undefined, today: string) {
  if (!status) return undefined;
  if (status === "expirado") {
    return sql`(${quotes.status} = 'expirado' or (${quotes.status} = 'enviado' and ${quotes.validUntil} < ${today}))`;
  }
  if (status === "enviado") return and(eq(quotes.status, "enviado"), gte(quotes.validUntil, today));
  return eq(quotes.status, status);
}

/** The agency's quotes, newest first, by keyset over (created_at, id). */
export async function listQuotes(
  db: Queryable,
  agencyId: string,
  options: Options,
): Promise<Page<"quotes", QuoteSummary>> {
  const cursor = decodeCursor(options.cursor);
  const rows = await db
    .select({ quote: quotes, clientName: companies.name, exactCreatedAt: sql<string>`${quotes.createdAt}::text` })
    .from(quotes)
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .where(
      and(
        eq(quotes.agencyId, agencyId),
        options.ownerId ? eq(quotes.createdBy, options.ownerId) : undefined,
        statusFilter(options.status, options.today),
        cursor
          ? sql`(${quotes.createdAt}, ${quotes.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (r) => ({ createdAt: r.exactCreatedAt, id: r.quote.id }));
  return {
    quotes: page.map(({ quote, clientName }) => ({
      id: quote.id,
      title: quote.title,
      status: quoteStatusOn(quote.status as QuoteStatus, quote.validUntil, options.today),
      client: { id: quote.companyId, name: clientName ?? "—" },
      issueDate: quote.issueDate,
      validUntil: quote.validUntil,
      amountDueCents: quote.amountDueCents,
      createdAt: quote.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
