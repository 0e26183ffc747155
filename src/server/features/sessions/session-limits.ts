const MINUTE = 60_000;

/** A session signed in or re-authenticated this recently may enrol two-factor and do sensitive actions. */
export const FRESH_SESSION_MS = 10 * MINUTE;
/** Inactivity after which a session ends, unless the agency sets its own (Sistema › Segurança). */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
/** The last request of a session is written at most this often. */
export const LAST_SEEN_WRITE_MS = MINUTE;
