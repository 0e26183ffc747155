import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { moduleAccessOf } from "../records/module-access.ts";
import type { SearchHit, SearchSource } from "./search-source.ts";
import { SEARCH_SOURCES } from "./search-sources.ts";

/**
 * The global search (Ctrl+K): asks every source whose module the caller may view, with its
 * record scope, inside the caller's tenant transaction, and merges the hits by rank.
 */
export async function searchRecords(
  tx: Tx,
  user: SessionUser,
  agencyId: string,
  text: string,
  limit: number,
  sources: readonly SearchSource[] = SEARCH_SOURCES,
): Promise<SearchHit[]> {
  const access = await moduleAccessOf(tx, user);
  const hits: SearchHit[] = [];
  for (const source of sources) {
    if (!access.canView(source.module)) continue;
    const scope = access.scopeOf(source.module);
    hits.push(...(await source.search(tx, { user, agencyId, scope }, text, limit)));
  }
  return hits.sort((a, b) => b.rank - a.rank).slice(0, limit);
}
