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
    select counted.key, to_timestamp(counted.start_ms / 1000.0), counted.hits
      from jsonb_to_recordset($1::jsonb) as counted(key text, start_ms bigint, hits integer)
     order by counted.key
    on conflict (key, window_start) do update set hits = request_limits.hits + excluded.hits
    returning key, (extract(epoch from window_start) * 1000)::bigint, hits`,
};

export const windowStartOf = (limit: Limit, now: Date) => Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;

/** Hits to add to one key's window (its start in epoch milliseconds). */
export type HitsDelta = { key: string; start_ms: number; hits: number };

/** `key@start_ms`: one window of one key. */
export const windowId = (key: string, startMs: number) => `${key}@${startMs}`;

/** Adds the hits in one statement; answers every window's total across all servers, by windowId. */
export async function addHits(database: Database, deltas: HitsDelta[]): Promise<Map<string, number>> {
  const rows = await database.executeInOne([
    { statement: HIT_LIMITS, literals: [quoteLiteral(JSON.stringify(deltas))] },
  ]);
  return new Map(rows.map(([key, startMs, hits]) => [windowId(String(key), Number(startMs)), Number(hits)]));
}

/** Seconds until the window of `limit` that holds `now` ends (at least 1). */
export const secondsLeft = (limit: Limit, now: Date) =>
  Math.max(1, Math.ceil((windowStartOf(limit, now) + limit.windowMs - now.getTime()) / 1000));

/**
 * Counts one request under every key in its current fixed window (stored in the database, so
 * every server shares the counts) and tells how many seconds to wait when one of those windows
 * is already full (the longest wait), or null.
 */
export async function hitLimits(database: Database, counts: LimitCount[], now: Date): Promise<number | null> {
  if (counts.length === 0) return null;
  const totals = await addHits(
    database,
    counts.map(({ key, limit }) => ({ key, start_ms: windowStartOf(limit, now), hits: 1 })),
  );
  let wait: number | null = null;
  for (const { key, limit } of counts) {
    if ((totals.get(windowId(key, windowStartOf(limit, now))) ?? 0) <= limit.max) continue;
    wait = Math.max(wait ?? 0, secondsLeft(limit, now));
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
