import { type HitsDelta, type LimitCount, secondsLeft, windowId, windowStartOf } from "./hit-limit.ts";

/** One window of one key as this server knows it. */
type Window = {
  key: string;
  startMs: number;
  endMs: number;
  /** Every server's hits as the database last answered. */
  shared: number;
  /** This server's hits not yet sent. */
  pending: number;
};

export type BatchedCounter = {
  /** Counts a request under every key, in memory; the seconds to wait when a window is full, or null. */
  count(counts: LimitCount[], now: Date): number | null;
  /** Sends the pending hits (one statement) and learns every server's totals. */
  flush(now: Date): Promise<void>;
};

type Options = {
  /** Adds hits in the shared store, answering each window's total by windowId. */
  addHits(deltas: HitsDelta[]): Promise<Map<string, number>>;
  /** How long hits wait in memory before they are sent (the timer is started by the first hit). */
  flushMs: number;
  now(): Date;
  onError(error: unknown): void;
};

/**
 * The general limits (hundreds a minute) counted in memory and sent to the database in batches:
 * a write per request made the limiter cost more than the tenant list itself (one hot row per
 * IP, a commit each). The database still sums every server's hits, so the limit holds across
 * servers to within what the others counted in one flush interval.
 */
export function createBatchedCounter(options: Options): BatchedCounter {
  const windows = new Map<string, Window>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One flush at a time: a second would send the hits the first is still sending.
  let inFlight: Promise<void> | null = null;

  const windowOf = ({ key, limit }: LimitCount, now: Date): Window => {
    const startMs = windowStartOf(limit, now);
    const id = windowId(key, startMs);
    let window = windows.get(id);
    if (!window) {
      window = { key, startMs, endMs: startMs + limit.windowMs, shared: 0, pending: 0 };
      windows.set(id, window);
    }
    return window;
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      counter.flush(options.now()).catch(options.onError);
    }, options.flushMs);
    timer.unref?.();
  };

  const counter: BatchedCounter = {
    count(counts, now) {
      let wait: number | null = null;
      for (const count of counts) {
        const window = windowOf(count, now);
        window.pending++;
        if (window.shared + window.pending > count.limit.max) wait = Math.max(wait ?? 0, secondsLeft(count.limit, now));
      }
      schedule();
      return wait;
    },
    async flush(now) {
      while (inFlight) await inFlight;
      inFlight = send(now).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };

  async function send(now: Date): Promise<void> {
    const sending = [...windows.values()].filter((window) => window.pending > 0);
    for (const [id, window] of windows) {
      if (window.pending === 0 && window.endMs <= now.getTime()) windows.delete(id);
    }
    if (sending.length === 0) return;
    const sent = sending.map((window) => window.pending);
    const totals = await options.addHits(
      sending.map((window, index) => ({ key: window.key, start_ms: window.startMs, hits: sent[index] })),
    );
    sending.forEach((window, index) => {
      window.pending -= sent[index];
      window.shared = totals.get(windowId(window.key, window.startMs)) ?? window.shared + sent[index];
    });
  }
  return counter;
}
