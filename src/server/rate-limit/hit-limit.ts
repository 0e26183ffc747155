import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { requestLimits } from "../db/schema.ts";

export type Limit = { windowMs: number; max: number };

/**
 * Counts one request under `key` in the current fixed window (stored in the database, so every
 * server shares the count) and tells how many seconds to wait when the window is already full.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now: Date): Promise<number | null> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const windowStart = new Date(start);
  const [row] = await db
    .insert(requestLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [requestLimits.key, requestLimits.windowStart],
      set: { hits: sql`${requestLimits.hits} + 1` },
    })
    .returning({ hits: requestLimits.hits });
  if (row.hits <= limit.max) return null;
  return Math.max(1, Math.ceil((start + limit.windowMs - now.getTime()) / 1000));
}

/** Forgets the windows that ended (housekeeping). */
export async function pruneLimits(db: Db, before: Date): Promise<void> {
  await db.delete(requestLimits).where(lt(requestLimits.windowStart, before));
}

/** Clears a key's current count (e.g. after the condition it guarded was satisfied). */
export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(requestLimits).where(and(eq(requestLimits.key, key)));
}
