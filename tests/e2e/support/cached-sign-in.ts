import type { Cookie, Page } from "@playwright/test";
import { FRESH_SESSION_MS } from "#server/features/sessions/session-limits.ts";
import { DEMO_PASSWORD } from "./sign-in.ts";

const sessions = new Map<string, { cookies: Cookie[]; signedInAt: number }>();

/**
 * A cached session is reused while it can still do a sensitive action without the password (a
 * role change, a permission import: FRESH_SESSION_MS), with half that window to spare for the
 * test using it. The cache lives as long as the Playwright worker, across spec files.
 */
const REUSE_MS = FRESH_SESSION_MS / 2;

/**
 * Signs in once per e-mail (again once the session is older than REUSE_MS) and reuses the session
 * cookies, so many tests stay under better-auth's sign-in flood limit (30 per minute per address,
 * auth.ts); a 429 waits for the window and tries again.
 */
export async function signInCached(page: Page, email: string): Promise<void> {
  const cached = sessions.get(email);
  if (cached && Date.now() - cached.signedInAt < REUSE_MS) {
    await page.context().addCookies(cached.cookies);
    return;
  }
  for (let attempt = 0; ; attempt++) {
    const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password: DEMO_PASSWORD } });
    if (response.ok()) break;
    if (response.status() !== 429 || attempt >= 4) {
      throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
    }
    await page.waitForTimeout(Number(response.headers()["x-retry-after"] ?? 4) * 1000);
  }
  sessions.set(email, { cookies: await page.context().cookies(), signedInAt: Date.now() });
}

/** Forget a session that the test ended (sign-out). */
export function forgetSession(email: string): void {
  sessions.delete(email);
}
