import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountLockouts, signInFailures } from "../../db/schema.ts";
import { FAILURE_WINDOW_MS, LOCK_DURATION_MS, MAX_FAILURES_PER_ACCOUNT } from "./sign-in-limits.ts";

/**
 * Stores one failed attempt and, at the fifth inside the window, locks the e-mail. The per-e-mail
 * advisory lock serialises concurrent failures of one account on every server sharing the
 * database, so each failure is one row and exactly one of them creates the lock.
 * Tells whether the account is locked now, and the new lock's end when this failure created it.
 */
export async function recordSignInFailure(
  db: Db,
  attempt: { email: string; ip: string | null; now: Date },
): Promise<{ isLocked: boolean; newLockUntil: Date | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${attempt.email}`}))`);
    await tx.insert(signInFailures).values({ email: attempt.email, ipAddress: attempt.ip, createdAt: attempt.now });
    const [lock] = await tx
      .select({ lockedUntil: accountLockouts.lockedUntil })
      .from(accountLockouts)
      .where(eq(accountLockouts.email, attempt.email));
    if (lock && lock.lockedUntil > attempt.now) return { isLocked: true, newLockUntil: null };
    // After a lock ends the account starts afresh: attempts refused during it do not relock it.
    const windowStart = new Date(attempt.now.getTime() - FAILURE_WINDOW_MS);
    const since = lock && lock.lockedUntil > windowStart ? lock.lockedUntil : windowStart;
    const [recent] = await tx
      .select({ failures: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, attempt.email), gt(signInFailures.createdAt, since)));
    if (recent.failures < MAX_FAILURES_PER_ACCOUNT) return { isLocked: false, newLockUntil: null };
    const lockedUntil = new Date(attempt.now.getTime() + LOCK_DURATION_MS);
    await tx
      .insert(accountLockouts)
      .values({ email: attempt.email, lockedUntil, createdAt: attempt.now })
      .onConflictDoUpdate({ target: accountLockouts.email, set: { lockedUntil, createdAt: attempt.now } });
    return { isLocked: true, newLockUntil: lockedUntil };
  });
}
