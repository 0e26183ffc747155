import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { encodeCursor, type KeysetCursor } from "../../db/keyset-cursor.ts";
import { readTenantRows, type SqlStatement } from "../../db/tenant.ts";

const MAX_REPLAY = 100;

/**
 * For each stream of one agency ($2: JSON rows n, user_id, at, id — its user and cursor): the
 * user's unread count and the user's notifications after the stream's cursor, oldest first. One
 * statement for all the streams one change woke on this server (every open stream of an agency
 * wakes at once), instead of one round trip each. Each stream's rows come from its own user's
 * rows only (agency_id = $1 AND user_id = the stream's user); the context is the platform's
 * (super admin) because a recipient-only policy would hide all but one user's rows.
 */
const STREAM_UPDATES: SqlStatement = {
  name: "nexo_notification_stream_updates",
  text: `SELECT c.n, u.unread, f.id, f.title, f.kind, f.exact
           FROM jsonb_to_recordset($2::jsonb) AS c(n int, user_id uuid, at timestamptz, id uuid)
           CROSS JOIN LATERAL (SELECT count(*)::int AS unread FROM notifications
                  WHERE agency_id = $1::uuid AND user_id = c.user_id AND read_at IS NULL) u
           LEFT JOIN LATERAL (
             SELECT id::text, title, kind, created_at, id AS key, created_at::text AS exact FROM notifications
              WHERE agency_id = $1::uuid AND user_id = c.user_id AND (created_at, id) > (c.at, c.id)
              ORDER BY created_at, id LIMIT ${MAX_REPLAY}) f ON true
          ORDER BY c.n, f.created_at, f.key`,
};

export type StreamItem = { id: string; title: string; kind: string; eventId: string };
export type StreamUpdate = { fresh: StreamItem[]; unread: number };
/** An open stream: whose inbox, and after which notification it is. */
export type StreamPosition = { userId: string; cursor: KeysetCursor };

/** What each stream of the agency is sent after its cursor (same order as `streams`): new notifications (their stream ids for Last-Event-ID) and the unread count. */
export async function readStreamUpdates(
  database: Database,
  agencyId: string,
  streams: readonly StreamPosition[],
): Promise<StreamUpdate[]> {
  const positions = streams.map((stream, n) => ({
    n,
    user_id: stream.userId,
    at: stream.cursor.createdAt,
    id: stream.cursor.id,
  }));
  const rows = (await readTenantRows(database, { userId: null, agencyId, isSuperAdmin: true }, STREAM_UPDATES, [
    agencyId,
    JSON.stringify(positions),
  ])) as Array<[number, number, string | null, string, string, string]>;
  const updates: StreamUpdate[] = streams.map(() => ({ fresh: [], unread: 0 }));
  for (const [n, unread, id, title, kind, exact] of rows) {
    const update = updates[Number(n)];
    update.unread = Number(unread);
    if (id !== null) update.fresh.push({ id, title, kind, eventId: encodeCursor({ createdAt: exact, id }) });
  }
  return updates;
}

/** Where a stream without Last-Event-ID starts: after what exists now. */
export async function latestCursor(tx: Tx): Promise<KeysetCursor> {
  const [row] = await tx
    .execute(sql`select now()::text as now`)
    .then((r) => (r as unknown as { rows: Array<{ now: string }> }).rows);
  return { createdAt: row.now, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" };
}
