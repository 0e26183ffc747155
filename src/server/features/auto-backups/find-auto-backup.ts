import { and, eq } from "drizzle-orm";
import { AUTO_BACKUP_MESSAGES } from "#domain/schemas/auto-backups.ts";
import type { Tx } from "../../db/client.ts";
import { agencies, agencyBackups } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** One backup of the agency with the agency's slug (its file name); 404 for any other. */
export async function findAutoBackup(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({
      id: agencyBackups.id,
      storageKey: agencyBackups.storageKey,
      size: agencyBackups.size,
      createdAt: agencyBackups.createdAt,
      slug: agencies.slug,
    })
    .from(agencyBackups)
    .innerJoin(agencies, eq(agencies.id, agencyBackups.agencyId))
    .where(and(eq(agencyBackups.agencyId, agencyId), eq(agencyBackups.id, id)));
  if (!row) throw new AppError("not_found", AUTO_BACKUP_MESSAGES.notFound);
  return row;
}
