import type { TimelineEventItem } from "#domain/schemas/timeline.ts";
import type { timelineEvents } from "../../db/schema.ts";

export function toTimelineItem(row: typeof timelineEvents.$inferSelect, actorName: string | null): TimelineEventItem {
  return {
    id: row.id,
    recordType: row.recordType,
    recordId: row.recordId,
    kind: row.kind,
    actorName,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
