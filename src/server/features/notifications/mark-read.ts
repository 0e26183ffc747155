import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";

/** Marks one of the caller's notifications read (null id: all of them); returns how many changed. */
export async function markRead(tx: Tx, agencyId: string, userId: string, notificationId: string | null) {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` as unknown as Date })
    .where(
      and(
        eq(notifications.agencyId, agencyId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        notificationId ? eq(notifications.id, notificationId) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whether the notification exists in the caller's inbox (read or not). */
export async function ownsNotification(tx: Tx, agencyId: string, userId: string, notificationId: string) {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), eq(notifications.id, notificationId)),
    );
  return Boolean(row);
}
