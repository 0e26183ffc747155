import type { Database } from "../db/client.ts";
import { NOTIFICATION_CHANNEL } from "./notify-users.ts";

type Listener = () => void;

/** Per process: which connected clients wait for which user's notifications. */
export type NotificationHub = {
  /** Calls `onNew` whenever a notification for the user commits (on any server); returns unsubscribe. */
  subscribe(agencyId: string, userId: string, onNew: Listener): Promise<() => void>;
  /** Connected clients now (tests and metrics). */
  size(): number;
};

/**
 * One LISTEN for the whole process, opened with the first subscriber and closed with the last,
 * fanned out in memory to the users named in each NOTIFY payload. Created once with the app's
 * dependencies (createDeps: `deps.notifications`) and handed to the routes that stream.
 */
export function createNotificationHub(database: Database): NotificationHub {
  const listeners = new Map<string, Set<Listener>>();
  let stopListening: Promise<() => Promise<void>> | null = null;
  let count = 0;
  const dispatch = (payload: string) => {
    let parsed: { agencyId?: string; userIds?: string[] };
    try {
      parsed = JSON.parse(payload);
    } catch {
      // No payload (the embedded database's wake-up): every client looks for itself.
      for (const set of listeners.values()) for (const listener of set) listener();
      return;
    }
    for (const userId of parsed.userIds ?? []) {
      for (const listener of listeners.get(`${parsed.agencyId}:${userId}`) ?? []) listener();
    }
  };
  return {
    async subscribe(agencyId, userId, onNew) {
      const key = `${agencyId}:${userId}`;
      const set = listeners.get(key) ?? new Set();
      set.add(onNew);
      listeners.set(key, set);
      count++;
      stopListening ??= database.listen(NOTIFICATION_CHANNEL, dispatch);
      await stopListening;
      return () => {
        if (!set.delete(onNew)) return;
        count--;
        if (set.size === 0) listeners.delete(key);
        if (count === 0 && stopListening) {
          const stopping = stopListening;
          stopListening = null;
          void stopping.then((stop) => stop()).catch(() => {});
        }
      };
    },
    size: () => count,
  };
}
