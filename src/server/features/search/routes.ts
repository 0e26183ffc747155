import { searchQuerySchema, searchResultSchema } from "#domain/schemas/search.ts";
import type { Tx } from "../../db/client.ts";
import { agencyOf } from "../../http/params.ts";
import { defineRoute, SIGNED_IN } from "../../http/route.ts";
import { searchRecords } from "../../search/search-records.ts";

/** A search the user can narrow is cut short rather than holding a connection. */
const SEARCH_TIMEOUT_MS = 2_000;

export const searchRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/search",
    access: SIGNED_IN,
    query: searchQuerySchema,
    response: searchResultSchema,
    summary: "Busca global nos registros que o usuário pode ver (Ctrl+K)",
    handler: async ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      const run = <T>(fn: (tx: Tx) => Promise<T>) => tenant(fn, { statementTimeoutMs: SEARCH_TIMEOUT_MS });
      const hits = await searchRecords(run, user, agencyId, query.q, { limit: query.limit, perType: query.perType });
      return { hits };
    },
  }),
];
