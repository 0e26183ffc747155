import { EXPORT_VERSION, type PermissionsExport } from "#domain/schemas/permissions.ts";
import type { Tx } from "../../db/client.ts";
import { loadPermissionRecords } from "./permission-records.ts";

/** The export file's content (spec §7); the browser names and downloads it. */
export async function exportPermissions(tx: Tx, now: Date): Promise<PermissionsExport> {
  const permissions = await loadPermissionRecords(tx);
  return {
    exported_at: now.toISOString(),
    version: EXPORT_VERSION,
    permissions,
    total_permissions: permissions.length,
  };
}
