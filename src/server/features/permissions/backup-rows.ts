import { and, eq, type SQL } from "drizzle-orm";
import { auditLogs } from "../../db/schema.ts";

/**
 * A permissions backup is an audit_logs row (spec §3): resource_type role_permissions and action
 * create_backup. Other role_permissions rows (change_permissions, …) are records, not backups.
 */
export function isBackupRow(): SQL {
  return and(eq(auditLogs.resourceType, "role_permissions"), eq(auditLogs.action, "create_backup")) as SQL;
}
