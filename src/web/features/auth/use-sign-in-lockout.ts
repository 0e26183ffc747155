import { useEffect, useState } from "react";
import { MAX_FAILED_SIGN_INS } from "#domain/sign-in-messages.ts";

const LOCK_MS = 15 * 60_000;

/**
 * The form's side of the lockout (spec §4): failures counted per page, reset by a success;
 * at five, or when the server answers 429, the form locks as long as the server's lock lasts.
 */
export function useSignInLockout() {
  const [failures, setFailures] = useState(0);
  const [isLocked, setLocked] = useState(false);

  useEffect(() => {
    if (!isLocked) return;
    const timer = setTimeout(() => {
      setLocked(false);
      setFailures(0);
    }, LOCK_MS);
    return () => clearTimeout(timer);
  }, [isLocked]);

  return {
    isLocked,
    recordFailure() {
      const next = failures + 1;
      setFailures(next);
      if (next >= MAX_FAILED_SIGN_INS) setLocked(true);
    },
    lock: () => setLocked(true),
    reset: () => setFailures(0),
  };
}
