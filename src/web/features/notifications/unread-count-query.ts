import { queryOptions } from "@tanstack/react-query";
import type { unreadCountSchema } from "#domain/schemas/notifications.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { PREFETCHED_FRESH_MS } from "#web/lib/boot-freshness.ts";

export const NOTIFICATIONS_KEY = ["notifications"] as const;
/** Until the live stream says otherwise, the bell looks again this often. */
const UNREAD_REFRESH_MS = 60_000;

/** The bell's count: shared by the bell and the boot prefetch (its own module: that is on every first load). */
export const unreadCountQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, "unread-count"],
  queryFn: () => api<AnswerOf<typeof unreadCountSchema>>("/api/notifications/unread-count", { isBackground: true }),
  refetchInterval: UNREAD_REFRESH_MS,
  staleTime: PREFETCHED_FRESH_MS,
});
