import { eq } from "drizzle-orm";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { checkPassword } from "./check-password.ts";

/** Confirms the password in this session: sensitive actions accept it for FRESH_SESSION_MS. */
export async function reauthenticate(db: Db, user: SessionUser, password: string, now: Date) {
  await checkPassword(db, user.id, password);
  await db.update(session).set({ reauthenticatedAt: now }).where(eq(session.id, user.sessionId));
  return { success: true, message: ACCOUNT_SECURITY_MESSAGES.reauthenticated };
}
