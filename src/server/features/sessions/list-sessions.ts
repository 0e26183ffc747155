import { and, desc, eq, gt } from "drizzle-orm";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema.ts";

/** A user has a handful of sessions; more than this many are not listed (oldest last). */
const MAX_LISTED = 100;

export async function listSessions(db: Db, user: SessionUser, now: Date): Promise<{ sessions: ActiveSession[] }> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, user.id), gt(session.expiresAt, now)))
    .orderBy(desc(session.createdAt), desc(session.id))
    .limit(MAX_LISTED);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      ipAddress: row.ipAddress || null,
      userAgent: row.userAgent || null,
      createdAt: row.createdAt.toISOString(),
      isCurrent: row.id === user.sessionId,
    })),
  };
}
