import { describe, expect, it } from "vitest";
import { createBatchedCounter } from "./batched-counter.ts";
import { type HitsDelta, windowId } from "./hit-limit.ts";

const MINUTE = 60_000;
const limit = { windowMs: MINUTE, max: 3 };
const T0 = new Date("2026-11-25T12:00:10.000Z");

/** The shared table of several servers: totals per window, as the database keeps them. */
function sharedStore() {
  const totals = new Map<string, number>();
  const calls: HitsDelta[][] = [];
  return {
    calls,
    async addHits(deltas: HitsDelta[]) {
      calls.push(deltas);
      for (const d of deltas)
        totals.set(windowId(d.key, d.start_ms), (totals.get(windowId(d.key, d.start_ms)) ?? 0) + d.hits);
      return new Map(deltas.map((d) => [windowId(d.key, d.start_ms), totals.get(windowId(d.key, d.start_ms)) ?? 0]));
    },
  };
}

const counterOn = (store: ReturnType<typeof sharedStore>) =>
  createBatchedCounter({ addHits: store.addHits, flushMs: 60_000, now: () => T0, onError: () => {} });

describe("the batched request counter", () => {
  it("refuses past the limit in memory, with the seconds left in the window, and sends nothing until it flushes", async () => {
    const store = sharedStore();
    const counter = counterOn(store);
    const counts = [{ key: "ip:1.2.3.4", limit }];
    expect([1, 2, 3].map(() => counter.count(counts, T0))).toEqual([null, null, null]);
    expect(counter.count(counts, T0)).toBe(50);
    expect(store.calls).toEqual([]);
    await counter.flush(T0);
    expect(store.calls).toEqual([[{ key: "ip:1.2.3.4", start_ms: T0.getTime() - 10_000, hits: 4 }]]);
    await counter.flush(T0);
    expect(store.calls).toHaveLength(1);
  });

  it("learns what the other servers counted at each flush", async () => {
    const store = sharedStore();
    const a = counterOn(store);
    const b = counterOn(store);
    const counts = [{ key: "session:abc", limit }];
    a.count(counts, T0);
    a.count(counts, T0);
    await a.flush(T0);
    b.count(counts, T0);
    await b.flush(T0); // b now knows of a's two
    expect(b.count(counts, T0)).toBe(50);
  });

  it("keeps hits whose flush failed and sends them with the next one; a new window starts from zero", async () => {
    const store = sharedStore();
    let failing = true;
    const counter = createBatchedCounter({
      addHits: (deltas) => (failing ? Promise.reject(new Error("banco fora")) : store.addHits(deltas)),
      flushMs: 60_000,
      now: () => T0,
      onError: () => {},
    });
    const counts = [{ key: "ip:5.6.7.8", limit }];
    counter.count(counts, T0);
    await expect(counter.flush(T0)).rejects.toThrow("banco fora");
    failing = false;
    counter.count(counts, T0);
    await counter.flush(T0);
    expect(store.calls.at(-1)).toEqual([{ key: "ip:5.6.7.8", start_ms: T0.getTime() - 10_000, hits: 2 }]);
    const nextWindow = new Date(T0.getTime() + MINUTE);
    expect([1, 2, 3].map(() => counter.count(counts, nextWindow))).toEqual([null, null, null]);
  });
});
