import { and, desc, eq, sql } from "drizzle-orm";
import type { CrmRecordType, TimelinePage } from "#domain/schemas/crm.ts";
import type { Tx } from "../../db/client.ts";
import { profiles, timelineEvents } from "../../db/schema.ts";
import type { CrmContext } from "./crm-context.ts";
import { decodeCursor, encodeCursor } from "./keyset.ts";
import { exactTime } from "./list-filters.ts";
import { assertRecordInReach } from "./record-in-reach.ts";

// TODO(platform): swap for the shared timeline read route once it lands on main.
/** A CRM record's timeline, newest first, keyset paged; 404 for a record out of reach. */
export async function listTimeline(
  tx: Tx,
  ctx: CrmContext,
  type: CrmRecordType,
  id: string,
  query: { cursor?: string; limit: number },
): Promise<TimelinePage> {
  await assertRecordInReach(tx, ctx, type, id);
  const cursor = decodeCursor(query.cursor);
  const rows = await tx
    .select({
      id: timelineEvents.id,
      kind: timelineEvents.kind,
      actorId: timelineEvents.actorId,
      actorName: sql<string | null>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`,
      details: timelineEvents.details,
      createdAt: timelineEvents.createdAt,
      cursorAt: exactTime(timelineEvents.createdAt),
    })
    .from(timelineEvents)
    .leftJoin(profiles, eq(profiles.id, timelineEvents.actorId))
    .where(
      and(
        eq(timelineEvents.agencyId, ctx.agencyId),
        eq(timelineEvents.recordType, type),
        eq(timelineEvents.recordId, id),
        cursor
          ? sql`(${timelineEvents.createdAt}, ${timelineEvents.id}) < (${String(cursor[0])}::timestamptz, ${cursor[1]})`
          : undefined,
      ),
    )
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const entries = page.map(({ cursorAt: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null };
}
