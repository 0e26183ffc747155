import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import { api } from "#web/lib/api.ts";
import { PREFETCHED_FRESH_MS } from "#web/lib/boot-freshness.ts";

/** The agency dashboard's numbers: shared by the screen and the boot prefetch of /dashboard. */
export const dashboardStatsQuery = queryOptions({
  queryKey: ["dashboard", "stats"],
  queryFn: () => api<DashboardStats>("/api/dashboard/stats"),
  staleTime: PREFETCHED_FRESH_MS,
});

export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQuery, enabled });
}
