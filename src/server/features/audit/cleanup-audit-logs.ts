import { sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session-user.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { queryRows } from "../../db/client.ts";
import type { RouteContext } from "../../http/route.ts";
import { actorOf } from "../../audit/audit-actor.ts";

type Tenant = RouteContext<unknown, unknown, never>["tenant"];

/**
 * Removes rows older than `days` and records the cleanup itself, in one transaction. Permission
 * backups live in audit_logs too (spec §3) but are data, not logs: they go only one by one.
 */
export async function cleanupAuditLogs(
  tenant: Tenant,
  user: SessionUser,
  days: number,
  now: Date,
  request: { ip: string | null; userAgent: string | null },
): Promise<{ removed: number }> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  return tenant(async (tx) => {
    const removed = await queryRows<{ id: string }>(
      tx,
      sql`delete from audit_logs
          where created_at < ${cutoff}
            and not (resource_type = 'role_permissions' and action = 'create_backup')
          returning id`,
    );
    await recordAudit(tx, actorOf(user, null, request), {
      action: "cleanup_audit_logs",
      resourceType: "audit_logs",
      details: { olderThanDays: days, removed: removed.length },
    });
    return { removed: removed.length };
  });
}
