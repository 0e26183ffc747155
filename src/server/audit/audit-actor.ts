import type { AuditActor } from "./record-audit.ts";

type RequestMeta = { ip: string | null; userAgent: string | null };

/** Who made a change, for its audit row: the signed-in user, the agency it acts in, and where from. */
export function actorOf(user: { id: string }, agencyId: string | null, request: RequestMeta): AuditActor {
  return { userId: user.id, agencyId, ...request };
}
