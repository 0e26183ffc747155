import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, type KeysetCursor } from "../../db/keyset-cursor.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { latestCursor, readStreamUpdate } from "./list-notifications-after.ts";

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events of the caller's inbox: a `notification` event per new notification (its id
 * is the keyset cursor, so a reconnect with Last-Event-ID replays what it missed) and an `unread`
 * event with the count. Woken by the process's one LISTEN; a closed connection unsubscribes.
 */
export function streamNotifications(c: Context, deps: Deps, user: SessionUser, agencyId: string): Response {
  const context = { userId: user.id, agencyId, isSuperAdmin: false };
  const asUser = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(deps.database, context, fn, { readOnly: true });
  return streamSSE(c, async (stream) => {
    let cursor: KeysetCursor = decodeCursor(c.req.header("last-event-id")) ?? (await asUser(latestCursor));
    let sending = Promise.resolve();
    const send = () => {
      sending = sending
        .then(async () => {
          if (stream.aborted) return;
          const { fresh, unread } = await readStreamUpdate(deps.database, context, cursor);
          for (const item of fresh) {
            await stream.writeSSE({
              event: "notification",
              id: item.eventId,
              data: JSON.stringify({ id: item.id, title: item.title, kind: item.kind }),
            });
            cursor = decodeCursor(item.eventId) ?? cursor;
          }
          await stream.writeSSE({ event: "unread", data: JSON.stringify({ count: unread }) });
        })
        .catch((error) => deps.logger.warn({ err: error }, "envio de notificação ao vivo falhou"));
    };
    const unsubscribe = await deps.notifications.subscribe(agencyId, user.id, send);
    const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
    send();
    const heartbeat = setInterval(() => void stream.write(": ping\n\n").catch(() => {}), HEARTBEAT_MS);
    try {
      await closed;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}
