/**
 * How long an answer the boot prefetch asked for counts as fresh: the screen mounts a moment
 * after it, and stale data would be asked for a second time (boot-prefetch.ts).
 */
export const PREFETCHED_FRESH_MS = 5_000;
