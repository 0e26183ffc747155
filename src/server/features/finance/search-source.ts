import { type AnyColumn, and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { foldSearch } from "#domain/crm/search-text.ts";
import { queryRows, type Tx } from "../../db/client.ts";
import { companies, invoices, quotes } from "../../db/schema.ts";
import { foldedFragmentPattern } from "../../search/folded-text.ts";
import type { SearchContext, SearchHit, SearchSource } from "../../search/search-source.ts";

/**
 * At most this many clients whose name holds the fragment are searched for quotes and invoices: more
 * than the bench's large agency holds (10,020), so a common fragment ("ta": 2,536 of them) still finds
 * every client's invoices, as before the index (there, "clinica" names 1,240 clients: a cap of 1,000
 * could leave out the ones that bill).
 */
const CLIENTS = 10_000;

/**
 * The caller's agency's clients (companies) whose name holds the fragment, case and accents aside,
 * that the companies policy shows the caller: found by finance_client_search_ids (migrations 0033,
 * 0038) through the folded name's indexes, which a LIKE under the row policy could not use. The ids
 * only narrow the quotes and invoices, which are read through their own policies; reading the
 * companies again through theirs cost as much as finding them (2,536 rows for "ta" in the bench).
 */
async function readClientIdsMatching(tx: Tx, text: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT finance_client_search_ids(${foldedFragmentPattern(text)}, ${CLIENTS}) AS id`,
  );
  return rows.map((row) => row.id);
}

/**
 * A row of one of the clients, the ids as one array parameter: as a list of parameters (2,536
 * for "ta" in the bench) parsing and planning the statement cost several times its execution.
 */
const ofClients = (column: AnyColumn, clients: string[]): SQL => sql`${column} = ANY(${sql.param(clients)}::uuid[])`;

/** The quote and the invoice sources of one search ask for the same clients: read once per search. */
function clientIdsMatching(tx: Tx, context: SearchContext, text: string): Promise<string[]> {
  const key = `finance clients ${context.agencyId} ${text}`;
  const found = (context.shared.get(key) as Promise<string[]> | undefined) ?? readClientIdsMatching(tx, text);
  context.shared.set(key, found);
  return found;
}

/**
 * Quotes by title or client name, case and accents aside, newest first. The titles come from
 * quote_search_ids (migration 0033: the title's trigram index, the newest `limit` within the
 * caller's scope), the clients from clientIdsMatching; the rows are read through the policy.
 */
export const quoteSearchSource: SearchSource = {
  recordType: "quote",
  module: "financeiro_orcamentos",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const clients = await clientIdsMatching(tx, context, text);
    const rows = await tx
      .select({ id: quotes.id, title: quotes.title, client: companies.name })
      .from(quotes)
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(
        and(
          eq(quotes.agencyId, context.agencyId),
          context.scope === "own" ? eq(quotes.createdBy, context.user.id) : undefined,
          or(
            sql`${quotes.id} = ANY(ARRAY(SELECT quote_search_ids(${foldedFragmentPattern(text)}, ${limit})))`,
            clients.length > 0 ? ofClients(quotes.companyId, clients) : undefined,
          ),
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
 * Invoices by number ("12", "nº 12") or client name (case and accents aside). The matching clients
 * are read first (clientIdsMatching) and their ids given to the invoice query: the planner then
 * knows how many invoices they hold and walks the newest-first order (many) or each client's
 * invoices (few), and a number is found by its index (joined to the clients' names, the query read
 * every invoice of the agency: 1.5 s at 60,000).
 */
export const invoiceSearchSource: SearchSource = {
  recordType: "invoice",
  module: "financeiro_faturas",
  async search(tx: Tx, context: SearchContext, text: string, limit: number): Promise<SearchHit[]> {
    const digits = text.replace(/\D/g, "");
    const number = digits && digits.length <= 9 ? Number(digits) : null;
    const clients = await clientIdsMatching(tx, context, text);
    const matches = or(
      number !== null ? eq(invoices.number, number) : undefined,
      clients.length > 0 ? ofClients(invoices.companyId, clients) : undefined,
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
