import type { QueryClient } from "@tanstack/react-query";
import { dashboardStatsQuery } from "./features/dashboard/use-dashboard-stats.ts";
import { meQuery } from "./lib/session.ts";
import { preloadScreenChunks } from "./routes.tsx";

/**
 * What the first screen needs, requested in parallel before React renders: the profile, the
 * screen's chunks and, on /dashboard, the agency's numbers as soon as the profile says there is
 * an agency (a super admin gets the admin panel instead, so nothing is asked in vain).
 * Settles when the profile and the chunks are in (or failed).
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const chunks = preloadScreenChunks(pathname);
  const me = queryClient.fetchQuery(meQuery).then(
    (me) => {
      const agencyUser = me && !me.user.isSuperAdmin && me.user.agencyId;
      if (pathname === "/dashboard" && agencyUser) void queryClient.prefetchQuery(dashboardStatsQuery);
    },
    () => {}, // useMe shows the error and retries; the prefetch has nothing to add
  );
  return Promise.all([chunks, me]);
}
