import { and, eq } from "drizzle-orm";
import { auditLogs } from "#server/db/schema.ts";
import type { TestApp } from "#tests/support/test-app.ts";

export const WRONG_PASSWORD = "Errada@Senha2026";

/** A clock the test moves by hand; the app reads it through `deps.now`. */
export function fakeClock(start = new Date()) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export function signIn(t: TestApp, email: string, password: string, ip?: string) {
  return t.request("/api/auth/sign-in/email", {
    body: { email, password },
    ip,
    headers: { "user-agent": "vitest-sign-in" },
  });
}

export async function auditRows(t: TestApp, action: string, email?: string) {
  const rows = await t.database.owner
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action)));
  return email ? rows.filter((row) => (row.details as { email?: string } | null)?.email === email) : rows;
}
