import type { Deps } from "../../deps.ts";
import { agencyBackups } from "../../db/schema.ts";
import { writeAgencyBackup } from "../data-export/write-backup.ts";
import { gzipPieces } from "./gzip-pieces.ts";
import { asPlatform } from "../../db/as-platform.ts";

/** Where a backup's file lives in the storage (beside the attachments, under its agency). */
const storageKeyOf = (agencyId: string, id: string) => `agency-backups/${agencyId}/${id}.json.gz`;

/**
 * The agency's backup as of `now`, gzipped, stored, then named by its row. The file is whole
 * before it is stored and the row is written only after; if the row fails the file is removed
 * again, so a failed backup leaves neither.
 */
export async function writeAutoBackup(
  deps: Pick<Deps, "database" | "storage">,
  agencyId: string,
  now: Date,
): Promise<{ id: string; size: number }> {
  const bytes = await gzipPieces((write) =>
    asPlatform(deps.database, (tx) => writeAgencyBackup(tx, agencyId, now, write), {
      readOnly: true,
      repeatableRead: true,
    }),
  );
  const id = crypto.randomUUID();
  const storageKey = storageKeyOf(agencyId, id);
  await deps.storage.put(storageKey, bytes);
  try {
    await asPlatform(deps.database, (tx) =>
      tx.insert(agencyBackups).values({ id, agencyId, storageKey, size: bytes.byteLength, createdAt: now }),
    );
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
  return { id, size: bytes.byteLength };
}
