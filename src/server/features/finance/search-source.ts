import { and, desc, eq, inArray, or } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";
import type { Tx } from "../../db/client.ts";
import { companies, invoices, quotes } from "../../db/schema.ts";
import { foldedContains } from "../../search/folded-text.ts";
import type { SearchContext, SearchHit, SearchSource } from "../../search/search-source.ts";

/** Quotes by title or client name, case and accents aside. */
export const quoteSearchSource: SearchSource = {
  recordType: "quote",
  module: "financeiro_orcamentos",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const rows = await tx
      .select({ id: quotes.id, title: quotes.title, client: companies.name })
      .from(quotes)
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(
        and(
          eq(quotes.agencyId, context.agencyId),
          context.scope === "own" ? eq(quotes.createdBy, context.user.id) : undefined,
          or(foldedContains(quotes.title, text), foldedContains(companies.name, text)),
        ),
      )
      .orderBy(desc(quotes.createdAt))
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
 * Invoices by number ("12", "nº 12") or client name (case and accents aside). The matching clients
 * are read first and their ids given to the invoice query: the planner then knows how many invoices
 * they hold and walks the newest-first order (many) or each client's invoices (few), and a number is
 * found by its index (joined to the clients' names, the query read every invoice of the agency:
 * 1.5 s at 60,000).
 */
export const invoiceSearchSource: SearchSource = {
  recordType: "invoice",
  module: "financeiro_faturas",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const digits = text.replace(/\D/g, "");
    const number = digits && digits.length <= 9 ? Number(digits) : null;
    const clients = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.agencyId, context.agencyId), foldedContains(companies.name, text)));
    const matches = or(
      number !== null ? eq(invoices.number, number) : undefined,
      clients.length > 0
        ? inArray(
            invoices.companyId,
            clients.map((client) => client.id),
          )
        : undefined,
    );
    if (!matches) return [];
    const rows = await tx
      .select({ id: invoices.id, number: invoices.number, client: companies.name })
      .from(invoices)
      .leftJoin(companies, eq(companies.id, invoices.companyId))
      .where(
        and(
          eq(invoices.agencyId, context.agencyId),
          context.scope === "own" ? eq(invoices.createdBy, context.user.id) : undefined,
          matches,
        ),
      )
      .orderBy(desc(invoices.createdAt))
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
