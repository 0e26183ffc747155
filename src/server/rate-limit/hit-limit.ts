import { lt } from "drizzle-orm";
import type { Database, Db, NamedStatement } from "../db/client.ts";
import { quoteLiteral } from "../db/client.ts";
import { requestLimits } from "../db/schema.ts";

export type Limit = { windowMs: number; max: number };

/** One counter to advance: a key (what is counted: an IP, a session, an account…) and its limit. */
export type LimitCount = { key: string; limit: Limit };

/**
 * Every counter of a request in one statement, prepared once per connection (it runs on every
 * API request: drizzle's query building cost as much as the upsert itself). Rows are taken in
 * key order, so two requests counting the same keys lock them in the same order.
 */
const HIT_LIMITS: NamedStatement = {
  name: "nexo_hit_limits",
  text: `insert into request_limits (key, window_start, hits)
    select counted.key, to_timestamp(counted.start_ms / 1000.0), 1
      from jsonb_to_recordset($1::jsonb) as counted(key text, start_ms bigint)
     order by counted.key
    on conflict (key, window_start) do update set hits = request_limits.hits + 1
    returning key, hits`,
};

const windowStartOf = (limit: Limit, now: Date) => Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;

/**
 * Counts one request under every key in its current fixed window (stored in the database, so
 * every server shares the counts) and tells how many seconds to wait when one of those windows
 * is already full (the longest wait), or null.
 */
export async function hitLimits(database: Database, counts: LimitCount[], now: Date): Promise<number | null> {
  if (counts.length === 0) return null;
  const rows = counts.map(({ key, limit }) => ({ key, start_ms: windowStartOf(limit, now) }));
  const hits = new Map(
    (await database.executeInOne([{ statement: HIT_LIMITS, literals: [quoteLiteral(JSON.stringify(rows))] }])).map(
      ([key, count]) => [String(key), Number(count)],
    ),
  );
  let wait: number | null = null;
  for (const { key, limit } of counts) {
    if ((hits.get(key) ?? 0) <= limit.max) continue;
    const seconds = Math.ceil((windowStartOf(limit, now) + limit.windowMs - now.getTime()) / 1000);
    wait = Math.max(wait ?? 0, seconds, 1);
  }
  return wait;
}

/** Forgets the windows that started before `before` (housekeeping). */
export async function pruneLimits(db: Db, before: Date): Promise<number> {
  const pruned = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStart, before))
    .returning({ key: requestLimits.key });
  return pruned.length;
}
