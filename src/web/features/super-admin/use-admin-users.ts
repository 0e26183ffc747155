import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUsersPage, DeleteUserResult } from "#domain/schemas/admin-users.ts";
import { api } from "#web/lib/api.ts";

const USERS_KEY = ["admin", "users"] as const;

/** Every user of the platform whose e-mail or name contains `search`, a page at a time. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [...USERS_KEY, search],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (search) params.set("q", search);
      if (pageParam) params.set("cursor", pageParam);
      return api<AdminUsersPage>(`/api/admin/users?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<DeleteUserResult>("/api/admin/users/delete", { body: { email } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["admin", "summary"] });
    },
  });
}
