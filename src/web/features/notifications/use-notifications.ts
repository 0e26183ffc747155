import { notifications as toasts } from "@mantine/notifications";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_MESSAGES } from "#domain/notification-messages.ts";
import type { NotificationPage } from "#domain/schemas/notifications.ts";
import { api } from "#web/lib/api.ts";
import { NOTIFICATIONS_KEY, unreadCountQuery } from "./unread-count-query.ts";

export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery, select: (data) => data.count });
}

/** The latest few, for the bell's menu. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, "latest"],
    queryFn: () => api<NotificationPage>("/api/notifications?limit=5"),
    enabled,
  });
}

/** The inbox, one keyset page at a time; `unreadOnly` filters. */
export function useNotificationPages(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, "list", unreadOnly],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "20" });
      if (unreadOnly) params.set("unread", "true");
      if (pageParam) params.set("cursor", pageParam);
      return api<NotificationPage>(`/api/notifications?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => api(`/api/notifications/${id}/read`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => api("/api/notifications/read-all", { method: "POST" }),
    onSuccess: refresh,
    onError: () => toasts.show({ title: "Erro", message: NOTIFICATION_MESSAGES.loadFailed, color: "red" }),
  });
}
