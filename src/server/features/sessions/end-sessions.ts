import { and, eq, ne } from "drizzle-orm";
import { ACCOUNT_SECURITY_MESSAGES } from "#domain/schemas/account-security.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Request = { ip: string | null; userAgent: string | null };

/** Ends one of the user's own sessions ("encerrar"); another user's session id is not found. */
export async function endSession(db: Db, user: SessionUser, sessionId: string, request: Request) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, user.id)))
      .returning({ id: session.id });
    if (ended.length === 0) throw new AppError("not_found", ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
    await recordAudit(tx, actorOf(user, user.agencyId, request), {
      action: "session_revoked",
      resourceType: "session",
      resourceId: sessionId,
    });
    return { success: true, message: ACCOUNT_SECURITY_MESSAGES.sessionEnded };
  });
}

/** "Sair de todos os outros dispositivos": every session of the user but this one. */
export async function endOtherSessions(db: Db, user: SessionUser, request: Request) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, user.id), ne(session.id, user.sessionId)))
      .returning({ id: session.id });
    await recordAudit(tx, actorOf(user, user.agencyId, request), {
      action: "session_revoked",
      resourceType: "session",
      resourceId: user.sessionId,
      details: { others: ended.length },
    });
    return { success: true, message: ACCOUNT_SECURITY_MESSAGES.othersEnded, ended: ended.length };
  });
}
