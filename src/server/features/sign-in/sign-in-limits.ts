import { MAX_FAILED_SIGN_INS } from "#domain/schemas/sign-in.ts";

const MINUTE = 60_000;

/** Failures of one e-mail inside this window count toward its lock. */
export const FAILURE_WINDOW_MS = 15 * MINUTE;
/** How long a locked account refuses every sign-in, even with the right password. */
export const LOCK_DURATION_MS = 15 * MINUTE;
/** Failures per e-mail inside the window that lock it (spec §9: 5). */
export const MAX_FAILURES_PER_ACCOUNT = MAX_FAILED_SIGN_INS;
/**
 * Failures from one IP inside the window after which that IP may not sign in at all: enough for
 * an office behind one NAT to mistype a few passwords, far too few to spray a list of accounts.
 */
export const MAX_FAILURES_PER_IP = 20;
