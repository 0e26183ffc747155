import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateMeetingBody,
  calendarItemsSchema,
  feedCreatedSchema,
  feedStatusSchema,
  meetingCreatedSchema,
} from "#domain/schemas/calendar.ts";
import type { okSchema } from "#domain/schemas/projects.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { notifyError, notifyOk } from "../projects/use-projects.ts";

export function useCalendarItems(from: Date, to: Date) {
  return useQuery({
    queryKey: ["calendar", from.toISOString(), to.toISOString()],
    queryFn: () =>
      api<AnswerOf<typeof calendarItemsSchema>>(
        `/api/calendar?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`,
      ).then((r) => r.items),
  });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeetingBody) =>
      api<AnswerOf<typeof meetingCreatedSchema>>("/api/calendar/meetings", { body }),
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
    queryFn: () => api<AnswerOf<typeof feedStatusSchema>>("/api/calendar/feed"),
  });
}

export function useFeedActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["calendar-feed"] });
  return {
    create: useMutation({
      mutationFn: () => api<AnswerOf<typeof feedCreatedSchema>>("/api/calendar/feed", { body: {} }),
      onSuccess: refresh,
      onError: notifyError,
    }),
    revoke: useMutation({
      mutationFn: () => api<AnswerOf<typeof okSchema>>("/api/calendar/feed", { method: "DELETE" }),
      onSuccess: (r) => {
        notifyOk(r.message);
        return refresh();
      },
      onError: notifyError,
    }),
  };
}
