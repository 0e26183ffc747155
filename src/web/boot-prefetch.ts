import type { QueryClient } from "@tanstack/react-query";
import { allows } from "#domain/permissions.ts";
import { dashboardStatsQuery } from "./features/dashboard/use-dashboard-stats.ts";
import { unreadCountQuery } from "./features/notifications/unread-count-query.ts";
import { runningTimerQuery } from "./features/time-tracking/running-timer-query.ts";
import { recentActivityQuery } from "./features/timeline/recent-activity-query.ts";
import { moduleFlagsOf } from "./lib/permissions.ts";
import { type Me, meQuery } from "./lib/session.ts";
import { preloadScreenChunks } from "./routes.tsx";

/**
 * How long the first screen waits for its data once the profile is in: answers that come later are
 * drawn as they arrive, over the screen's loading states.
 */
export const FIRST_SCREEN_DATA_WAIT_MS = 1_000;

/**
 * What an agency member's first screen asks for as it mounts, asked at once instead: the header's
 * bell and timer (the timer only with its permission, as the header does) and, on /dashboard, the
 * agency's numbers and latest activity. Settles when every answer is in (prefetches never reject).
 */
function prefetchAgencyScreen(queryClient: QueryClient, me: Me, pathname: string): Promise<unknown> {
  const asked = [queryClient.prefetchQuery(unreadCountQuery)];
  if (allows(moduleFlagsOf(me, "projetos_tempo"), "view")) asked.push(queryClient.prefetchQuery(runningTimerQuery));
  if (pathname === "/dashboard")
    asked.push(queryClient.prefetchQuery(dashboardStatsQuery), queryClient.prefetchQuery(recentActivityQuery));
  return Promise.all(asked);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What the first screen needs, requested in parallel before React renders: the profile, the
 * screen's chunks and, as soon as the profile says there is an agency, its data (a super admin
 * gets the admin panel instead, so nothing is asked in vain).
 * Settles when the profile and the chunks are in (or failed) and the screen's data are in, or
 * FIRST_SCREEN_DATA_WAIT_MS after the profile: a slow phone then draws the screen once, with its
 * data, instead of once and again per answer.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const chunks = preloadScreenChunks(pathname);
  const me = queryClient.fetchQuery(meQuery).then(
    (me) => {
      if (!me || me.user.isSuperAdmin || !me.user.agencyId) return;
      return Promise.race([prefetchAgencyScreen(queryClient, me, pathname), delay(FIRST_SCREEN_DATA_WAIT_MS)]);
    },
    () => {}, // useMe shows the error and retries; the prefetch has nothing to add
  );
  return Promise.all([chunks, me]);
}
