import { and, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pruneLimits } from "../rate-limit/hit-limit.ts";
import { accountLockouts, emailOutbox, rateLimit, signInFailures } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long sign-in failures, ended lockouts and outbox mail are kept: long past the 15-minute
 * lockout window and the 7-day invite link, so the super admin's security screen still shows
 * recent history. The audit log keeps login_failed and account_locked under its own retention.
 */
export const SECURITY_ROWS_RETENTION_MS = 30 * DAY_MS;
/** better-auth's flood counters and ours (rate-limit/) use windows of an hour at most; a day-old counter is dead. */
export const RATE_LIMIT_RETENTION_MS = DAY_MS;

export type PrunedCounts = {
  signInFailures: number;
  accountLockouts: number;
  rateLimits: number;
  requestLimits: number;
  outboxMails: number;
};

/** Deletes rows no rule reads any more, so these tables stay small however long the server runs. */
export async function pruneExpiredRows(db: Db, now: Date): Promise<PrunedCounts> {
  const securityCutoff = new Date(now.getTime() - SECURITY_ROWS_RETENTION_MS);
  const rateLimitCutoff = now.getTime() - RATE_LIMIT_RETENTION_MS;
  const failures = await db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, securityCutoff))
    .returning({ id: signInFailures.id });
  const lockouts = await db
    .delete(accountLockouts)
    .where(lt(accountLockouts.lockedUntil, securityCutoff))
    .returning({ email: accountLockouts.email });
  const rateLimits = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, rateLimitCutoff))
    .returning({ id: rateLimit.id });
  const requestLimits = await pruneLimits(db, new Date(rateLimitCutoff));
  const mails = await db
    .delete(emailOutbox)
    .where(and(lt(emailOutbox.createdAt, securityCutoff), ne(emailOutbox.status, "pending")))
    .returning({ id: emailOutbox.id });
  return {
    signInFailures: failures.length,
    accountLockouts: lockouts.length,
    rateLimits: rateLimits.length,
    requestLimits,
    outboxMails: mails.length,
  };
}
