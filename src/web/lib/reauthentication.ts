import { useSyncExternalStore } from "react";

/**
 * The server refuses sensitive actions (exports, role changes, deleting users, turning the 2FA
 * requirement off) with 403 `reauthentication_required` unless the password was confirmed in this
 * session within the last minutes. `api()` then asks here: the prompt (shell/reauth-prompt.tsx)
 * opens, confirms the password with POST /api/me/reauthenticate and answers whether to retry.
 * Requests refused together share one prompt.
 */
export const REAUTHENTICATION_REQUIRED = "reauthentication_required";

type Pending = { settle: (isConfirmed: boolean) => void; answer: Promise<boolean> };

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Opens the prompt (or joins the one open); true once the password is confirmed, false if cancelled. */
export function askForReauthentication(): Promise<boolean> {
  if (pending) return pending.answer;
  let settle: (isConfirmed: boolean) => void = () => {};
  const answer = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  pending = { settle, answer };
  notify();
  return answer;
}

/** The prompt's answer: confirmed (retry the refused requests) or cancelled (they fail as refused). */
export function settleReauthentication(isConfirmed: boolean): void {
  const current = pending;
  pending = null;
  notify();
  current?.settle(isConfirmed);
}

/** Whether a request is waiting for the password. */
export function isReauthenticationAsked(): boolean {
  return pending !== null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a request is waiting for the password (the app shows the prompt while it is). */
export function useIsReauthenticationAsked(): boolean {
  return useSyncExternalStore(subscribe, isReauthenticationAsked, () => false);
}
