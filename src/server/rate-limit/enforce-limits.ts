import type { Deps } from "../deps.ts";
import { RateLimitedError } from "../http/errors.ts";
import { hitLimits, type LimitCount } from "./hit-limit.ts";

/**
 * Counts the request under every key and refuses it with 429, `Retry-After` and the pt-BR
 * `message` when one of them is past its limit. Does nothing while limits are off (tests that
 * do not exercise them).
 */
export async function enforceLimits(deps: Deps, counts: LimitCount[], message: string): Promise<void> {
  if (!deps.config.rateLimits) return;
  const retryAfter = await hitLimits(deps.database, counts, deps.now());
  if (retryAfter !== null) throw new RateLimitedError(message, retryAfter);
}
