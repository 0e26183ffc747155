import { queryOptions } from "@tanstack/react-query";
import type { runningTimerSchema } from "#domain/schemas/time-entries.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { PREFETCHED_FRESH_MS } from "#web/lib/boot-freshness.ts";

export const TIME_KEY = ["time"] as const;

/**
 * The server-held timer (the header's and the boot prefetch's); polled so another tab or device's
 * start or stop shows here too. Its own module: the boot prefetch is on every first load.
 */
export const runningTimerQuery = queryOptions({
  queryKey: [...TIME_KEY, "timer"],
  queryFn: () =>
    api<AnswerOf<typeof runningTimerSchema>>("/api/time/timer", { isBackground: true }).then((r) => r.timer),
  refetchInterval: 30_000,
  staleTime: PREFETCHED_FRESH_MS,
});
