import type { Page } from "@playwright/test";

export const DEMO_PASSWORD = "Nexo@Demo2026";

/** Signs in through the API (fast, no UI), leaving the session cookie in the page's context. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}
