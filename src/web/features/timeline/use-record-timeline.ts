import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TimelinePage } from "#domain/schemas/timeline.ts";
import { api } from "#web/lib/api.ts";
import { recentActivityQuery } from "./recent-activity-query.ts";

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
  return useQuery({ ...recentActivityQuery, select: (data) => data.events });
}
