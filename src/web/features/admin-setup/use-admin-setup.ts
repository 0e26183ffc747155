import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminSetupInput, AdminSetupStatus } from "#domain/schemas/admin-setup.ts";
import { api } from "../../lib/api.ts";

const STATUS_KEY = ["admin-setup", "status"] as const;

export function useAdminSetupStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => api<AdminSetupStatus>("/api/admin-setup/status") });
}

export function useCreateSuperAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSetupInput) =>
      api<{ message: string }>("/api/admin-setup", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
