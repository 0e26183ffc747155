import { queryOptions } from "@tanstack/react-query";
import type { recentEventsSchema } from "#domain/schemas/timeline.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { PREFETCHED_FRESH_MS } from "#web/lib/boot-freshness.ts";

/**
 * Dashboard "Atividade Recente": the agency's latest events the user may view (the card's and the
 * boot prefetch's; its own module, as that is on every first load).
 */
export const recentActivityQuery = queryOptions({
  queryKey: ["timeline", "recent"],
  queryFn: () => api<AnswerOf<typeof recentEventsSchema>>("/api/timeline/recent"),
  staleTime: PREFETCHED_FRESH_MS,
});
