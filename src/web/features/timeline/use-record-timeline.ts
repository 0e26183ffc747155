import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { recentEventsSchema, TimelinePage } from "#domain/schemas/timeline.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";

export const timelineKey = (recordType: string, recordId: string) => ["timeline", recordType, recordId] as const;

export function useRecordTimeline(recordType: string, recordId: string) {
  return useInfiniteQuery({
    queryKey: timelineKey(recordType, recordId),
    queryFn: ({ pageParam }) =>
      api<TimelinePage>(
        `/api/timeline/${recordType}/${recordId}?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Dashboard "Atividade Recente": the agency's latest events the user may view. */
export function useRecentActivity() {
  return useQuery({
    queryKey: ["timeline", "recent"],
    queryFn: () => api<AnswerOf<typeof recentEventsSchema>>("/api/timeline/recent"),
    select: (data) => data.events,
  });
}
