import { and, desc, eq, sql } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";
import type { Tx } from "../../db/client.ts";
import { companies, invoices, quotes } from "../../db/schema.ts";
import { foldedFragmentPattern } from "../../search/folded-text.ts";
import type { SearchContext, SearchHit, SearchSource } from "../../search/search-source.ts";

/**
 * Quotes by title or client name, case and accents aside, newest first: found by
 * finance_quote_search_ids (migration 0040: titles through quote_search_ids' trigram index, clients
 * through finance_client_search_ids', in the server), then read through the policy.
 */
export const quoteSearchSource: SearchSource = {
  recordType: "quote",
  module: "financeiro_orcamentos",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const found = sql`ARRAY(SELECT finance_quote_search_ids(${context.agencyId}, ${foldedFragmentPattern(text)}, ${limit}))`;
    const rows = await tx
      .select({ id: quotes.id, title: quotes.title, client: companies.name })
      .from(quotes)
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(
        and(
          eq(quotes.agencyId, context.agencyId),
          context.scope === "own" ? eq(quotes.createdBy, context.user.id) : undefined,
          sql`${quotes.id} = ANY(${found})`,
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(limit);
    return rows.map((r) => ({
      recordType: "quote",
      id: r.id,
      title: r.title,
      subtitle: r.client,
      href: "/app/financeiro/orcamentos",
      rank: foldSearch(r.title).startsWith(foldSearch(text.trim())) ? 2 : 1,
    }));
  },
};

/**
 * Invoices by number ("12", "nº 12") or client name (case and accents aside), newest first: found by
 * finance_invoice_search_ids (migration 0040), which plans the invoice query with the matching
 * clients' ids as a value, so it walks the newest-first order (many clients) or each client's
 * invoices (few), and a number is found by its index (joined to the clients' names, the query read
 * every invoice of the agency: 1.5 s at 60,000).
 */
export const invoiceSearchSource: SearchSource = {
  recordType: "invoice",
  module: "financeiro_faturas",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const digits = text.replace(/\D/g, "");
    const number = digits && digits.length <= 9 ? Number(digits) : null;
    const found = sql`ARRAY(SELECT finance_invoice_search_ids(${context.agencyId}, ${foldedFragmentPattern(text)}, ${number}::integer, ${limit}))`;
    const rows = await tx
      .select({ id: invoices.id, number: invoices.number, client: companies.name })
      .from(invoices)
      .leftJoin(companies, eq(companies.id, invoices.companyId))
      .where(
        and(
          eq(invoices.agencyId, context.agencyId),
          context.scope === "own" ? eq(invoices.createdBy, context.user.id) : undefined,
          sql`${invoices.id} = ANY(${found})`,
        ),
      )
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit);
    return rows.map((r) => ({
      recordType: "invoice",
      id: r.id,
      title: r.number === null ? "Fatura (rascunho)" : `Fatura nº ${String(r.number).padStart(6, "0")}`,
      subtitle: r.client,
      href: `/app/financeiro/faturas?fatura=${r.id}`,
      rank: number !== null && r.number === number ? 3 : 1,
    }));
  },
};
