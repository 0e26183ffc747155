import { eq } from "drizzle-orm";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { INTEGRATION_MESSAGES } from "#domain/schemas/integrations.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Database } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { FRESH_SESSION_MS } from "./session-limits.ts";

/**
 * Sensitive actions (role changes, exports, deleting users, turning the two-factor requirement
 * off) need a password confirmed in this session within FRESH_SESSION_MS: a sign-in or
 * POST /api/me/reauthenticate. Otherwise 403 `reauthentication_required`, which the web answers
 * with a password prompt and a retry. An API key has no session and no password: refused (403).
 */
export async function requireRecentAuthentication(database: Database, user: SessionUser, now: Date): Promise<void> {
  if (user.apiKeyId) throw new AppError("forbidden", INTEGRATION_MESSAGES.keysForPeople);
  const [row] = await database.owner
    .select({ createdAt: session.createdAt, reauthenticatedAt: session.reauthenticatedAt })
    .from(session)
    .where(eq(session.id, user.sessionId));
  const last = Math.max(row?.createdAt.getTime() ?? 0, row?.reauthenticatedAt?.getTime() ?? 0);
  if (now.getTime() - last > FRESH_SESSION_MS) {
    throw new AppError("reauthentication_required", ACCOUNT_SECURITY_MESSAGES.reauthenticationRequired);
  }
}
