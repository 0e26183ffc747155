import type { Deps } from "../../deps.ts";
import { asPlatform } from "../../db/as-platform.ts";
import { agencyBackups } from "../../db/schema.ts";
import { writeAgencyBackup } from "../data-export/write-backup.ts";
import { gzipStream } from "./gzip-stream.ts";

/** Where a backup's file lives in the storage (beside the attachments, under its agency). */
const storageKeyOf = (agencyId: string, id: string) => `agency-backups/${agencyId}/${id}.json.gz`;

/**
 * The agency's backup as of `now`, gzipped and stored as it is read (a few pieces held at a time,
 * whatever the agency's size), then named by its row. The storage shows the file only once it is
 * whole, and the row is written only after; if the row fails the file is removed again, so a
 * failed backup leaves neither.
 */
export async function writeAutoBackup(
  deps: Pick<Deps, "database" | "storage">,
  agencyId: string,
  now: Date,
): Promise<{ id: string; size: number }> {
  const id = crypto.randomUUID();
  const storageKey = storageKeyOf(agencyId, id);
  const { stream, produced } = gzipStream((write) =>
    asPlatform(deps.database, (tx) => writeAgencyBackup(tx, agencyId, now, write), {
      readOnly: true,
      repeatableRead: true,
    }),
  );
  let size: number;
  try {
    size = await deps.storage.putStream(storageKey, stream);
  } finally {
    // Stops the reading when the storage failed, and ends its transaction before this returns.
    stream.destroy();
    await produced;
  }
  try {
    await asPlatform(deps.database, (tx) =>
      tx.insert(agencyBackups).values({ id, agencyId, storageKey, size, createdAt: now }),
    );
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
  return { id, size };
}
