import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarItem, CreateMeetingBody } from "#domain/schemas/calendar.ts";
import { api } from "#web/lib/api.ts";
import { notifyError, notifyOk } from "../projects/use-projects.ts";

export function useCalendarItems(from: Date, to: Date) {
  return useQuery({
    queryKey: ["calendar", from.toISOString(), to.toISOString()],
    queryFn: () =>
      api<{ items: CalendarItem[] }>(
        `/api/calendar?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`,
      ).then((r) => r.items),
  });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeetingBody) => api<{ message: string }>("/api/calendar/meetings", { body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return queryClient.invalidateQueries({ queryKey: ["calendar"] });
    },
    onError: notifyError,
  });
}

export function useFeed() {
  return useQuery({
    queryKey: ["calendar-feed"],
    queryFn: () => api<{ active: boolean; createdAt: string | null }>("/api/calendar/feed"),
  });
}

export function useFeedActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["calendar-feed"] });
  return {
    create: useMutation({
      mutationFn: () => api<{ url: string; message: string }>("/api/calendar/feed", { body: {} }),
      onSuccess: refresh,
      onError: notifyError,
    }),
    revoke: useMutation({
      mutationFn: () => api<{ message: string }>("/api/calendar/feed", { method: "DELETE" }),
      onSuccess: (r) => {
        notifyOk(r.message);
        return refresh();
      },
      onError: notifyError,
    }),
  };
}
