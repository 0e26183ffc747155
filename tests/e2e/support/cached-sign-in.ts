import type { Cookie, Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./sign-in.ts";

const sessions = new Map<string, Cookie[]>();

/**
 * Signs in once per e-mail per test file and reuses the session cookies, so a file with many
 * tests stays under better-auth's sign-in flood limit (30 per minute per address, auth.ts); a 429
 * waits for the window and tries again.
 */
export async function signInCached(page: Page, email: string): Promise<void> {
  const cached = sessions.get(email);
  if (cached) {
    await page.context().addCookies(cached);
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
  sessions.set(email, await page.context().cookies());
}

/** Forget a session that the test ended (sign-out). */
export function forgetSession(email: string): void {
  sessions.delete(email);
}
