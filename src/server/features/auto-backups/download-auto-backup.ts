import { AUTO_BACKUP_MESSAGES } from "#domain/schemas/auto-backups.ts";
import { slugify } from "#domain/slug.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { recordBackupExport } from "../data-export/record-backup-export.ts";
import { contentDisposition } from "../attachments/download-attachment.ts";
import { findAutoBackup } from "./find-auto-backup.ts";

type Tenant = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
type RequestMeta = { ip: string | null; userAgent: string | null };

/** `nexo-backup-<agência>-2026-12-05-0300.json.gz`: the moment it was made (UTC), as the file's name. */
function fileNameOf(slug: string, createdAt: Date): string {
  const stamp = createdAt.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  return `nexo-backup-${slugify(slug) || "agencia"}-${stamp}.json.gz`;
}

/**
 * The stored gzipped file, always as a download, read from the storage as it is sent. Audited as the super admin's backups are: the
 * row is written (in its own transaction: a GET's is read only) before the file leaves.
 */
export async function downloadAutoBackup(
  deps: Deps,
  tenant: Tenant,
  user: SessionUser,
  agencyId: string,
  id: string,
  request: RequestMeta,
): Promise<Response> {
  const backup = await tenant((tx) => findAutoBackup(tx, agencyId, id));
  const file = await deps.storage.getStream(backup.storageKey);
  if (!file) throw new AppError("not_found", AUTO_BACKUP_MESSAGES.notFound);
  try {
    await recordBackupExport(deps.database, user, request, {
      action: "export_backup",
      resourceType: "agency_backups",
      resourceId: backup.id,
      details: { createdAt: backup.createdAt.toISOString(), size: backup.size },
    });
  } catch (error) {
    await file.stream.cancel();
    throw error;
  }
  return new Response(file.stream, {
    headers: {
      "content-type": "application/gzip",
      "content-length": String(file.size),
      "content-disposition": contentDisposition(fileNameOf(backup.slug, backup.createdAt)),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
