import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { NOTIFICATIONS_KEY } from "./unread-count-query.ts";

/**
 * Keeps the bell live: the browser's EventSource reconnects by itself with Last-Event-ID, and each
 * event refreshes the unread count and the lists.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/notifications/stream");
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    source.addEventListener("notification", refresh);
    source.addEventListener("unread", (event) => {
      const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
      queryClient.setQueryData([...NOTIFICATIONS_KEY, "unread-count"], { count });
    });
    return () => source.close();
  }, [queryClient]);
}
