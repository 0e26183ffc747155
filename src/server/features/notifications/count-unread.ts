import { and, count, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";

/** Unread notifications of the caller (partial index notifications_user_unread_idx). */
export async function countUnread(tx: Tx, agencyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}
