import { and, desc, eq, sql } from "drizzle-orm";
import type { TimelinePage } from "#domain/schemas/timeline.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { profiles, timelineEvents } from "../../db/schema.ts";
import { actorNameSql } from "../notifications/actor-name.ts";
import { toTimelineItem } from "./to-timeline-item.ts";

type Options = { cursor?: string; limit: number };

/** One record's events, newest first, paged by (created_at, id) over timeline_events_record_idx. */
export async function listRecordTimeline(
  tx: Tx,
  agencyId: string,
  record: { recordType: string; recordId: string },
  options: Options,
): Promise<TimelinePage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({
      event: timelineEvents,
      actorName: actorNameSql,
      exactCreatedAt: sql<string>`${timelineEvents.createdAt}::text`,
    })
    .from(timelineEvents)
    .leftJoin(profiles, eq(profiles.id, timelineEvents.actorId))
    .where(
      and(
        eq(timelineEvents.agencyId, agencyId),
        eq(timelineEvents.recordType, record.recordType),
        eq(timelineEvents.recordId, record.recordId),
        cursor
          ? sql`(${timelineEvents.createdAt}, ${timelineEvents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({
    createdAt: row.exactCreatedAt,
    id: row.event.id,
  }));
  return { events: page.map((row) => toTimelineItem(row.event, row.actorName)), nextCursor };
}
