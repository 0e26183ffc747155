import { useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "#domain/schemas/dashboard.ts";
import { api } from "#web/lib/api.ts";

export function useDashboardStats(enabled: boolean) {
  return useQuery({
    queryKey: ["dashboard", "stats"],
    queryFn: () => api<DashboardStats>("/api/dashboard/stats"),
    enabled,
  });
}
