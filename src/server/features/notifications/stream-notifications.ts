import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, type KeysetCursor } from "../../db/keyset-cursor.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { latestCursor } from "./list-notifications-after.ts";
import type { BatchedStream } from "./stream-batcher.ts";

const HEARTBEAT_MS = 25_000;

/** An SSE event as hono's writeSSE writes it; JSON data is one line (its newlines are escaped) and ids are base64url. */
const sseEvent = (event: string, data: unknown, id?: string) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n${id === undefined ? "" : `id: ${id}\n`}\n`;

/**
 * Server-Sent Events of the caller's inbox: a `notification` event per new notification (its id
 * is the keyset cursor, so a reconnect with Last-Event-ID replays what it missed) and an `unread`
 * event with the count. Woken by the process's one LISTEN; the streams woken together are read
 * together (stream-batcher.ts); a closed connection unsubscribes.
 */
export function streamNotifications(c: Context, deps: Deps, user: SessionUser, agencyId: string): Response {
  const context = { userId: user.id, agencyId, isSuperAdmin: false };
  const asUser = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(deps.database, context, fn, { readOnly: true });
  const batcher = deps.liveStreams;
  return streamSSE(c, async (stream) => {
    // Listened for before the first await: hono calls only the listeners it has when the client goes.
    const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
    let cursor: KeysetCursor = decodeCursor(c.req.header("last-event-id")) ?? (await asUser(latestCursor));
    const self: BatchedStream = {
      agencyId,
      userId: user.id,
      cursor: () => cursor,
      async deliver({ fresh, unread }) {
        if (stream.aborted) return;
        // One write for the update (the woken streams of an agency are written one after another).
        const events = fresh.map((item) =>
          sseEvent("notification", { id: item.id, title: item.title, kind: item.kind }, item.eventId),
        );
        await stream.write(events.join("") + sseEvent("unread", { count: unread }));
        const last = fresh.at(-1);
        if (last) cursor = decodeCursor(last.eventId) ?? cursor;
      },
    };
    const unsubscribe = await deps.notifications.subscribe(agencyId, user.id, () => batcher.wake(self));
    batcher.wake(self);
    const heartbeat = setInterval(() => void stream.write(": ping\n\n").catch(() => {}), HEARTBEAT_MS);
    try {
      await closed;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}
