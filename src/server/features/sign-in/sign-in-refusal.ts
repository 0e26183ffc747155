import { and, count, eq, gt } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { accountLockouts, signInFailures } from "../../db/schema.ts";
import { FAILURE_WINDOW_MS, MAX_FAILURES_PER_IP } from "./sign-in-limits.ts";

export type SignInRefusal = "account_locked" | "ip_limited";

/** Why this attempt is refused before its password is even checked, or null when it may proceed. */
export async function signInRefusal(
  db: Queryable,
  attempt: { email: string; ip: string | null; now: Date },
): Promise<SignInRefusal | null> {
  const [lock] = await db
    .select({ lockedUntil: accountLockouts.lockedUntil })
    .from(accountLockouts)
    .where(and(eq(accountLockouts.email, attempt.email), gt(accountLockouts.lockedUntil, attempt.now)));
  if (lock) return "account_locked";
  if (!attempt.ip) return null;
  const since = new Date(attempt.now.getTime() - FAILURE_WINDOW_MS);
  const [fromIp] = await db
    .select({ failures: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.ipAddress, attempt.ip), gt(signInFailures.createdAt, since)));
  return fromIp.failures >= MAX_FAILURES_PER_IP ? "ip_limited" : null;
}
