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
 * What an agency member's first screen asks for as it mounts, asked at once instead: the header's
 * bell and timer (the timer only with its permission, as the header does) and, on /dashboard, the
 * agency's numbers and latest activity. Asked together, they arrive together, and the screen is
 * drawn with them instead of once per answer.
 */
function prefetchAgencyScreen(queryClient: QueryClient, me: Me, pathname: string): void {
  void queryClient.prefetchQuery(unreadCountQuery);
  if (allows(moduleFlagsOf(me, "projetos_tempo"), "view")) void queryClient.prefetchQuery(runningTimerQuery);
  if (pathname !== "/dashboard") return;
  void queryClient.prefetchQuery(dashboardStatsQuery);
  void queryClient.prefetchQuery(recentActivityQuery);
}

/**
 * What the first screen needs, requested in parallel before React renders: the profile, the
 * screen's chunks and, as soon as the profile says there is an agency, its data (a super admin
 * gets the admin panel instead, so nothing is asked in vain).
 * Settles when the profile and the chunks are in (or failed).
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const chunks = preloadScreenChunks(pathname);
  const me = queryClient.fetchQuery(meQuery).then(
    (me) => {
      if (me && !me.user.isSuperAdmin && me.user.agencyId) prefetchAgencyScreen(queryClient, me, pathname);
    },
    () => {}, // useMe shows the error and retries; the prefetch has nothing to add
  );
  return Promise.all([chunks, me]);
}
