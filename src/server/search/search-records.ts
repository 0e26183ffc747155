import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { moduleAccessOf } from "../records/module-access.ts";
import type { SearchHit, SearchSource } from "./search-source.ts";
import { SEARCH_SOURCES } from "./search-sources.ts";

/** Runs work in a tenant transaction of the caller (the route's `tenant`): each call its own. */
export type TenantRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * How many transactions one search runs side by side. One after another, seven sources' round
 * trips added up to more than the 30 ms a search may take on the large agency; one transaction
 * each, the transactions' own statements (BEGIN, context, COMMIT: a socket write each) cost the
 * server more CPU than the sources' reads, and queued for the pool's connections.
 */
const LANES = 3;

/** The sources dealt into the lanes in turn, so the two finance sources (the slowest) run apart. */
function lanesOf(sources: readonly SearchSource[]): SearchSource[][] {
  const count = Math.min(LANES, sources.length);
  return Array.from({ length: count }, (_, lane) => sources.filter((_, index) => index % count === lane));
}

/** How many hits one search returns, and at most how many of one record type (default: any). */
export type SearchLimits = { limit: number; perType?: number };

/**
 * The best `limit` hits by rank, at most `perType` of each record type: the palette's fair share,
 * so eight invoices cannot push the one deal out.
 */
export function fairShare(hits: SearchHit[], limit: number, perType: number): SearchHit[] {
  const taken = new Map<string, number>();
  const kept: SearchHit[] = [];
  for (const hit of [...hits].sort((a, b) => b.rank - a.rank)) {
    const count = taken.get(hit.recordType) ?? 0;
    if (count >= perType) continue;
    taken.set(hit.recordType, count + 1);
    kept.push(hit);
    if (kept.length === limit) break;
  }
  return kept;
}

/**
 * The global search (Ctrl+K): asks every source whose module the caller may view, with its
 * record scope, and merges the hits by rank. Each lane is a tenant transaction that reads the
 * caller's access to the modules, then runs its sources one after another. With `perType`, each
 * source is asked for that many rows only (never more than `limit`), and the merge keeps its share.
 */
export async function searchRecords(
  run: TenantRunner,
  user: SessionUser,
  agencyId: string,
  text: string,
  limits: SearchLimits,
  sources: readonly SearchSource[] = SEARCH_SOURCES,
): Promise<SearchHit[]> {
  const { limit, perType = limit } = limits;
  const perSource = Math.min(limit, perType);
  const found = await Promise.all(
    lanesOf(sources).map((lane) =>
      run(async (tx) => {
        const access = await moduleAccessOf(tx, user);
        const hits: SearchHit[] = [];
        for (const source of lane.filter((each) => access.canView(each.module))) {
          const context = { user, agencyId, scope: access.scopeOf(source.module) };
          hits.push(...(await source.search(tx, context, text, perSource)));
        }
        return hits;
      }),
    ),
  );
  return fairShare(found.flat(), limit, perType);
}
