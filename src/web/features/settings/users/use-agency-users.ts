import { notifications } from "@mantine/notifications";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AGENCY_USER_MESSAGES,
  type AgencyUsersPage,
  type AgencyUsersSummary,
  type RolePermissionSummary,
  type UpdatedUserRole,
} from "#domain/schemas/agency-users.ts";
import type { Role } from "#domain/roles.ts";
import { ApiError, api } from "#web/lib/api.ts";

export const AGENCY_USERS_KEY = ["agency", "users"] as const;
export const USERS_SUMMARY_KEY = ["agency", "users", "summary"] as const;

export function useUsersSummary(enabled: boolean) {
  return useQuery({
    queryKey: USERS_SUMMARY_KEY,
    queryFn: () => api<AgencyUsersSummary>("/api/agency/users/summary"),
    enabled,
  });
}

/** The agency's members, one keyset page at a time. */
export function useAgencyUsers(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...AGENCY_USERS_KEY, "list"],
    queryFn: ({ pageParam }) =>
      api<AgencyUsersPage>(`/api/agency/users${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useRolePermissions(enabled: boolean) {
  return useQuery({
    queryKey: ["agency", "role-permissions"],
    queryFn: () => api<RolePermissionSummary[]>("/api/agency/role-permissions"),
    enabled,
    staleTime: 60_000,
  });
}

/** Changes one member's role; toasts as spec §8 says and refreshes the list and the counters. */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api<UpdatedUserRole>(`/api/agency/users/${userId}/role`, { method: "PUT", body: { role } }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: AGENCY_USER_MESSAGES.roleUpdated, color: "green" });
    },
    onError: (error) => {
      const reason = error instanceof ApiError ? error.message : String(error);
      notifications.show({ title: "Erro", message: AGENCY_USER_MESSAGES.roleUpdateFailed + reason, color: "red" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: AGENCY_USERS_KEY }),
  });
}

/** Lifts a member's sign-in lock; toasts the server's answer and refreshes the list. */
export function useUnlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<{ message: string }>(`/api/agency/users/${userId}/unlock`, { method: "POST" }),
    onSuccess: (answer) => {
      notifications.show({ title: "Sucesso", message: answer.message, color: "green" });
    },
    onError: (error) => {
      const reason = error instanceof ApiError ? error.message : String(error);
      notifications.show({ title: "Erro", message: AGENCY_USER_MESSAGES.unlockFailed + reason, color: "red" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: AGENCY_USERS_KEY }),
  });
}
