import { z } from "zod";
import { RECORD_TYPES, type RecordType } from "../records.ts";
import { TIMELINE_MESSAGES } from "../timeline-messages.ts";

export { TIMELINE_MESSAGES };

export const recordTypeSchema = z.enum(RECORD_TYPES as [RecordType, ...RecordType[]], {
  error: TIMELINE_MESSAGES.notFound,
});

export const timelineQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const timelineEventSchema = z.object({
  id: z.uuid(),
  recordType: z.string(),
  recordId: z.uuid(),
  kind: z.string(),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TimelineEventItem = z.infer<typeof timelineEventSchema>;

export const timelinePageSchema = z.object({
  events: z.array(timelineEventSchema),
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** GET /api/timeline/recent: the agency's latest events the caller may view. */
export const recentEventsSchema = z.object({ events: z.array(timelineEventSchema) });
