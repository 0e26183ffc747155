import { and, desc, eq, inArray } from "drizzle-orm";
import { moduleOfRecord, RECORD_TYPES } from "#domain/records.ts";
import type { TimelineEventItem } from "#domain/schemas/timeline.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, timelineEvents } from "../../db/schema.ts";
import { moduleAccessOf } from "../../records/module-access.ts";
import { visibleRecordKeys } from "../../records/visible-records.ts";
import { actorNameSql } from "../notifications/actor-name.ts";
import { toTimelineItem } from "./to-timeline-item.ts";

/** Candidates read per wanted event: those of records the caller may not view are dropped. */
const OVERFETCH = 5;

/**
 * The agency's latest events of records the caller may view (dashboard "Atividade Recente"):
 * only types whose module it may view, then each record checked against its scope.
 */
export async function listRecentActivity(tx: Tx, user: SessionUser, agencyId: string, limit: number) {
  const access = await moduleAccessOf(tx, user);
  const types = RECORD_TYPES.filter((type) => access.canView(moduleOfRecord(type)));
  if (types.length === 0) return [];
  const rows = await tx
    .select({ event: timelineEvents, actorName: actorNameSql })
    .from(timelineEvents)
    .leftJoin(profiles, eq(profiles.id, timelineEvents.actorId))
    .where(and(eq(timelineEvents.agencyId, agencyId), inArray(timelineEvents.recordType, types)))
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(limit * OVERFETCH);
  const visible = await visibleRecordKeys(
    tx,
    user,
    agencyId,
    rows.map((row) => row.event),
    access,
  );
  const items: TimelineEventItem[] = [];
  for (const row of rows) {
    if (items.length >= limit) break;
    if (visible.has(`${row.event.recordType}:${row.event.recordId}`))
      items.push(toTimelineItem(row.event, row.actorName));
  }
  return items;
}
