import type { Database } from "../../db/client.ts";
import type { KeysetCursor } from "../../db/keyset-cursor.ts";
import { readStreamUpdates, type StreamUpdate } from "./list-notifications-after.ts";

/** One open stream as the batcher sees it: its inbox, its cursor, and how an update is sent to it. */
export type BatchedStream = {
  agencyId: string;
  userId: string;
  cursor(): KeysetCursor;
  /** Sends the update (and moves the cursor); the next update waits for it. */
  deliver(update: StreamUpdate): Promise<void>;
};

type State = { busy: boolean; again: boolean };

export type StreamBatcher = { wake(stream: BatchedStream): void };

/**
 * Wakes streams in batches: the streams woken in one turn of the event loop (a NOTIFY wakes every
 * stream of its recipients at once) are read together, one statement per agency, and each is sent
 * its own part. A stream woken while its update is on the way is read again after it (nothing
 * committed in between is missed); it is never read twice at once, so its events stay in order.
 */
export function createStreamBatcher(database: Database, onError: (error: unknown) => void): StreamBatcher {
  const states = new WeakMap<BatchedStream, State>();
  let pending = new Map<string, BatchedStream[]>();
  let scheduled = false;

  const run = async (agencyId: string, streams: BatchedStream[]) => {
    try {
      const updates = await readStreamUpdates(
        database,
        agencyId,
        streams.map((stream) => ({ userId: stream.userId, cursor: stream.cursor() })),
      );
      await Promise.all(streams.map((stream, i) => stream.deliver(updates[i]).catch(onError)));
    } catch (error) {
      onError(error);
    } finally {
      for (const stream of streams) {
        const state = states.get(stream) as State;
        state.busy = false;
        if (state.again) {
          state.again = false;
          wake(stream);
        }
      }
    }
  };

  const flush = () => {
    scheduled = false;
    const batches = pending;
    pending = new Map();
    for (const [agencyId, streams] of batches) void run(agencyId, streams);
  };

  function wake(stream: BatchedStream): void {
    let state = states.get(stream);
    if (!state) {
      state = { busy: false, again: false };
      states.set(stream, state);
    }
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    const batch = pending.get(stream.agencyId) ?? [];
    batch.push(stream);
    pending.set(stream.agencyId, batch);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }

  return { wake };
}
