import type { SessionUser } from "../auth/session-user.ts";
import type { Tx } from "../db/client.ts";
import { moduleAccessOf } from "../records/module-access.ts";
import type { SearchHit, SearchSource } from "./search-source.ts";
import { SEARCH_SOURCES } from "./search-sources.ts";

/** Runs work in a tenant transaction of the caller (the route's `tenant`): each call its own. */
export type TenantRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The global search (Ctrl+K): asks every source whose module the caller may view, with its
 * record scope, and merges the hits by rank. The sources run side by side, each in a tenant
 * transaction of its own: one after another, seven sources' round trips and planning added up to
 * more than the 30 ms a search may take on the large agency (each source alone is a few ms).
 */
export async function searchRecords(
  run: TenantRunner,
  user: SessionUser,
  agencyId: string,
  text: string,
  limit: number,
  sources: readonly SearchSource[] = SEARCH_SOURCES,
): Promise<SearchHit[]> {
  const access = await run((tx) => moduleAccessOf(tx, user));
  const shared = new Map<string, Promise<unknown>>();
  const found = await Promise.all(
    sources
      .filter((source) => access.canView(source.module))
      .map((source) =>
        run((tx) => source.search(tx, { user, agencyId, scope: access.scopeOf(source.module), shared }, text, limit)),
      ),
  );
  return found
    .flat()
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit);
}
