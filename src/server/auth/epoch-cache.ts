/**
 * Answers read from tables whose every change advances the auth epoch (migrations 0007/0010:
 * role_permissions, agencies, agency_settings, profiles, user, user_roles, session), kept with the
 * epoch they were read at. A request whose session is proven at that same epoch may answer one
 * without reading it again: the proof (app_enter_tenant_read, in the request's own round trip)
 * fails once anything those tables hold has changed.
 *
 * An answer is stored with the epoch its request was proven at; its statement ran after that
 * proof, so it is never older than its epoch (if newer, no request can prove that epoch again).
 */
export type EpochCache = {
  /** The answer stored under `key` at exactly `epoch`, if any. */
  get(key: string, epoch: string): unknown;
  set(key: string, epoch: string, value: unknown): void;
};

/** Bounds the memory: past this many keys it starts over (as the session cache does). */
const MAX_ENTRIES = 10_000;

export function createEpochCache(maxEntries = MAX_ENTRIES): EpochCache {
  const entries = new Map<string, { epoch: string; value: unknown }>();
  return {
    get(key, epoch) {
      const entry = entries.get(key);
      return entry?.epoch === epoch ? entry.value : undefined;
    },
    set(key, epoch, value) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.clear();
      entries.set(key, { epoch, value });
    },
  };
}
