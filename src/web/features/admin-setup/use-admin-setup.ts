import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminSetupInput, AdminSetupStatus, CreatedSuperAdmin } from "#domain/schemas/admin-setup.ts";
import { api } from "../../lib/api.ts";

const STATUS_KEY = ["admin-setup", "status"] as const;

/** Whether the platform has its super admin; once it has, that never changes (no refetch). */
export function useAdminSetupStatus(enabled = true) {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api<AdminSetupStatus>("/api/admin-setup/status"),
    enabled,
    staleTime: (query) => (query.state.data?.isSetUp ? Infinity : 0),
  });
}

export function useCreateSuperAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSetupInput) => api<CreatedSuperAdmin>("/api/admin-setup", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
