import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { bearerKeyOf } from "../auth/api-key.ts";
import { requestSessionToken } from "../auth/session-cookie.ts";
import type { Deps } from "../deps.ts";
import { MESSAGES, RateLimitedError } from "../http/errors.ts";
import { requestMeta } from "../http/register-routes.ts";
import { enforceLimits } from "./enforce-limits.ts";
import { type BatchedCounter, createBatchedCounter } from "./batched-counter.ts";
import { addHits, type Limit, type LimitCount } from "./hit-limit.ts";

/**
 * How many requests each session and each client IP may make (every API route), and how many
 * each of them may make to one route limited tightly (it hashes a password or sends an e-mail).
 */
export type RequestLimits = {
  perSession: Limit;
  perIp: Limit;
  tight: Limit;
  /**
   * How long the general counts wait in memory before they reach the database (batched); 0 or
   * absent: every request is counted in the database at once. Tight limits always are.
   */
  flushMs?: number;
};

/** A route limited tightly: its method and path pattern (`:param` stands for one segment). */
export type TightRoute = { method: string; path: string };

type TightMatcher = { name: string; method: string; pattern: RegExp };

function matcherOf(route: TightRoute): TightMatcher {
  const segments = route.path.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)));
  return {
    name: `${route.method} ${route.path}`,
    method: route.method,
    pattern: new RegExp(`^${segments.join("/")}$`),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The session is counted by a digest of its token: the table never holds a usable token. */
const sessionKeyOf = (token: string) => createHash("sha256").update(token).digest("base64url").slice(0, 32);

function generalCounts(limits: RequestLimits, ip: string, session: string | null): LimitCount[] {
  const counts: LimitCount[] = [{ key: `ip:${ip}`, limit: limits.perIp }];
  if (session) counts.push({ key: `session:${session}`, limit: limits.perSession });
  return counts;
}

function tightCounts(limits: RequestLimits, ip: string, session: string | null, tight: TightMatcher | undefined) {
  if (!tight) return [];
  const counts: LimitCount[] = [{ key: `tight:${tight.name}:ip:${ip}`, limit: limits.tight }];
  if (session) counts.push({ key: `tight:${tight.name}:session:${session}`, limit: limits.tight });
  return counts;
}

/** The general counts, batched in memory when the limits say so; null: counted in the database with the rest. */
function batchedCounterOf(deps: Deps): BatchedCounter | null {
  const flushMs = deps.config.requestLimits.flushMs ?? 0;
  if (flushMs <= 0) return null;
  return createBatchedCounter({
    addHits: (deltas) => addHits(deps.database, deltas),
    flushMs,
    now: deps.now,
    onError: (err) => deps.logger.warn({ err }, "contadores de limite de requisições não gravados; nova tentativa"),
  });
}

/**
 * Counts every API request per client IP and per session (one upsert of fixed-window rows in
 * the database, shared by every server) and answers 429 with `Retry-After` past a limit, before
 * the route does any work. A forged cookie has no valid signature, so it is counted by IP only.
 */
export function limitRequests(deps: Deps, tightRoutes: TightRoute[]): MiddlewareHandler {
  const matchers = tightRoutes.map(matcherOf);
  const batched = batchedCounterOf(deps);
  const limits = deps.config.requestLimits;
  return async (c, next) => {
    if (!deps.config.rateLimits) return next();
    const ip = requestMeta(c, deps.config.trustProxy).ip ?? "unknown";
    // An API key is counted like a session (its own budget), under the digest of the key.
    const key = bearerKeyOf(c.req.header("authorization"));
    const token = key ?? requestSessionToken(c, deps.config);
    const session = token ? sessionKeyOf(token) : null;
    const tight = matchers.find((m) => m.method === c.req.method && m.pattern.test(c.req.path));
    const general = generalCounts(limits, ip, session);
    if (batched) {
      const wait = batched.count(general, deps.now());
      if (wait !== null) throw new RateLimitedError(MESSAGES.tooManyRequests, wait);
    }
    const counts = [...(batched ? [] : general), ...tightCounts(limits, ip, session, tight)];
    await enforceLimits(deps, counts, tight ? MESSAGES.tooManyAttempts : MESSAGES.tooManyRequests);
    return next();
  };
}
