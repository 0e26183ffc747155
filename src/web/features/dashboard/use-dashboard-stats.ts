import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import { api } from "#web/lib/api.ts";

/** The agency dashboard's numbers: shared by the screen and the boot prefetch of /dashboard. */
export const dashboardStatsQuery = queryOptions({
  queryKey: ["dashboard", "stats"],
  queryFn: () => api<DashboardStats>("/api/dashboard/stats"),
  // The boot prefetch asks a moment before the screen mounts; already stale, they were asked twice.
  staleTime: 5_000,
});

export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQuery, enabled });
}
