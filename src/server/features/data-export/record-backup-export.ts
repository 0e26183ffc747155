import type { AuditEvent } from "#domain/audit.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Database } from "../../db/client.ts";
import { withTenant } from "../../db/tenant.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type BackupExportEvent = Extract<AuditEvent, { action: "export_backup" }>;

/**
 * Writes the audit row of a backup download, in a transaction of its own before the first byte is
 * sent: a GET's tenant transaction is read only, and the download's must stay open while the client
 * reads. Written before, so no backup leaves without its row. The agency's row goes to its own log
 * (as an edit of the agency does), as does an automatic backup's; the platform's has no agency.
 */
export function recordBackupExport(
  database: Database,
  user: SessionUser,
  request: { ip: string | null; userAgent: string | null },
  event: BackupExportEvent,
): Promise<void> {
  const context = { userId: user.id, agencyId: user.agencyId, isSuperAdmin: user.isSuperAdmin };
  const actor = actorOf(user, auditedAgencyOf(event, user), request);
  return withTenant(database, context, (tx) => recordAudit(tx, actor, event));
}

/** The agency whose log gets the row: the exported agency, the member's for its automatic backup, none for the platform. */
function auditedAgencyOf(event: BackupExportEvent, user: SessionUser): string | null {
  if (event.resourceType === "agencies") return event.resourceId;
  if (event.resourceType === "agency_backups") return user.agencyId;
  return null;
}
