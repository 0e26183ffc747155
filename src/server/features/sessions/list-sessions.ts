import { and, desc, eq, sql } from "drizzle-orm";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Db } from "../../db/client.ts";
import { profiles, session, sessionActivity } from "../../db/schema.ts";

/** A user has a handful of sessions; more than this many are not listed (oldest last). */
const MAX_LISTED = 100;

/** When the session ends: its 7 days or its agency's idle timeout, whichever comes first (migration 0019). */
const effectiveExpiry = sql`app_session_expiry(${session.expiresAt}, ${session.createdAt}, ${sessionActivity.lastSeenAt}, ${profiles.agencyId})`;

/** The user's sessions that still authorise requests: decided with the database's clock, as app_session_state decides. */
export async function listSessions(db: Db, user: SessionUser): Promise<{ sessions: ActiveSession[] }> {
  const rows = await db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      lastSeenAt: sessionActivity.lastSeenAt,
    })
    .from(session)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session.id))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(and(eq(session.userId, user.id), sql`${effectiveExpiry} > now()`))
    .orderBy(desc(session.createdAt), desc(session.id))
    .limit(MAX_LISTED);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      ipAddress: row.ipAddress || null,
      userAgent: row.userAgent || null,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt && row.lastSeenAt > row.createdAt ? row.lastSeenAt : row.createdAt).toISOString(),
      isCurrent: row.id === user.sessionId,
    })),
  };
}
