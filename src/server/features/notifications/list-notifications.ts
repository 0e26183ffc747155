import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { NotificationItem, NotificationPage } from "#domain/schemas/notifications.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { notifications, profiles } from "../../db/schema.ts";
import { actorNameSql } from "./actor-name.ts";

type Options = { cursor?: string; limit: number; unreadOnly: boolean };

/** The caller's inbox, newest first, paged by (created_at, id). */
export async function listNotifications(
  tx: Tx,
  agencyId: string,
  userId: string,
  options: Options,
): Promise<NotificationPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({
      notification: notifications,
      actorName: actorNameSql,
      exactCreatedAt: sql<string>`${notifications.createdAt}::text`,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .where(
      and(
        eq(notifications.agencyId, agencyId),
        eq(notifications.userId, userId),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({
    createdAt: row.exactCreatedAt,
    id: row.notification.id,
  }));
  return {
    notifications: page.map((row): NotificationItem => {
      const n = row.notification;
      return {
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        recordType: n.recordType,
        recordId: n.recordId,
        actorName: row.actorName,
        readAt: n.readAt?.toISOString() ?? null,
        createdAt: n.createdAt.toISOString(),
      };
    }),
    nextCursor,
  };
}
