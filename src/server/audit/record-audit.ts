import type { AuditEvent } from "#domain/audit.ts";
import type { Queryable } from "../db/client.ts";
import { auditLogs } from "../db/schema.ts";

export type AuditActor = {
  userId: string | null;
  agencyId: string | null;
  ip: string | null;
  userAgent: string | null;
};

/** Writes one audit row in the caller's transaction, so the change and its record stand or fall together. */
export async function recordAudit(db: Queryable, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditLogs).values({
    userId: actor.userId,
    agencyId: actor.agencyId,
    action: event.action,
    resourceType: event.resourceType,
    resourceId: "resourceId" in event ? (event.resourceId ?? null) : null,
    details: "details" in event ? (event.details ?? null) : null,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
  });
}
