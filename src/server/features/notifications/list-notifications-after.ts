import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { encodeCursor, type KeysetCursor } from "../../db/keyset-cursor.ts";
import { readTenantRows, type SqlStatement, type TenantContext } from "../../db/tenant.ts";

const MAX_REPLAY = 100;

/**
 * The caller's unread count and the notifications after the cursor, oldest first, in one
 * statement: every open stream of an agency wakes at once on a change, so each wake-up is one
 * round trip on a pooled connection (not BEGIN, two reads and COMMIT).
 */
const STREAM_UPDATE: SqlStatement = {
  name: "nexo_notification_stream_update",
  text: `SELECT c.unread, n.id, n.title, n.kind, n.exact
           FROM (SELECT count(*)::int AS unread FROM notifications
                  WHERE agency_id = $1 AND user_id = $2 AND read_at IS NULL) c
           LEFT JOIN LATERAL (
             SELECT id::text, title, kind, created_at::text AS exact FROM notifications
              WHERE agency_id = $1 AND user_id = $2 AND (created_at, id) > ($3::timestamptz, $4::uuid)
              ORDER BY created_at, id LIMIT ${MAX_REPLAY}) n ON true`,
};

export type StreamItem = { id: string; title: string; kind: string; eventId: string };

/** What a stream sends after `cursor`: each new notification with its stream id (Last-Event-ID), and the unread count. */
export async function readStreamUpdate(
  database: Database,
  context: TenantContext & { agencyId: string; userId: string },
  cursor: KeysetCursor,
): Promise<{ fresh: StreamItem[]; unread: number }> {
  const rows = (await readTenantRows(database, context, STREAM_UPDATE, [
    context.agencyId,
    context.userId,
    cursor.createdAt,
    cursor.id,
  ])) as Array<[number, string | null, string, string, string]>;
  const fresh = rows
    .filter((row) => row[1] !== null)
    .map(([, id, title, kind, exact]) => ({
      id: id as string,
      title,
      kind,
      eventId: encodeCursor({ createdAt: exact, id: id as string }),
    }));
  return { fresh, unread: Number(rows[0]?.[0] ?? 0) };
}

/** Where a stream without Last-Event-ID starts: after what exists now. */
export async function latestCursor(tx: Tx): Promise<KeysetCursor> {
  const [row] = await tx
    .execute(sql`select now()::text as now`)
    .then((r) => (r as unknown as { rows: Array<{ now: string }> }).rows);
  return { createdAt: row.now, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" };
}
