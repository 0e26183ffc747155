/** A session signed in or re-authenticated this recently may enrol two-factor and do sensitive actions. */
export const FRESH_SESSION_MS = 10 * 60_000;
