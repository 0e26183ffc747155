import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { encodeCursor, type KeysetCursor } from "../../db/keyset-cursor.ts";
import { notifications } from "../../db/schema.ts";

const MAX_REPLAY = 100;

/** The caller's notifications after `cursor`, oldest first, each with its stream id (Last-Event-ID). */
export async function listNotificationsAfter(tx: Tx, agencyId: string, userId: string, cursor: KeysetCursor) {
  const rows = await tx
    .select({
      id: notifications.id,
      title: notifications.title,
      kind: notifications.kind,
      exact: sql<string>`${notifications.createdAt}::text`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.agencyId, agencyId),
        eq(notifications.userId, userId),
        sql`(${notifications.createdAt}, ${notifications.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(MAX_REPLAY);
  return rows.map((row) => ({ ...row, eventId: encodeCursor({ createdAt: row.exact, id: row.id }) }));
}

/** Where a stream without Last-Event-ID starts: after what exists now. */
export async function latestCursor(tx: Tx): Promise<KeysetCursor> {
  const [row] = await tx
    .execute(sql`select now()::text as now`)
    .then((r) => (r as unknown as { rows: Array<{ now: string }> }).rows);
  return { createdAt: row.now, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" };
}
