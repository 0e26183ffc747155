import { desc, eq } from "drizzle-orm";
import { AUTO_BACKUPS_KEPT, type AutoBackup } from "#domain/schemas/auto-backups.ts";
import type { Tx } from "../../db/client.ts";
import { agencyBackups } from "../../db/schema.ts";

/** Bounded however retention runs: a few more than kept (the newest may land before the prune). */
const MAX_LISTED = AUTO_BACKUPS_KEPT * 2;

/** The agency's automatic backups, newest first. */
export async function listAutoBackups(tx: Tx, agencyId: string): Promise<AutoBackup[]> {
  const rows = await tx
    .select({ id: agencyBackups.id, createdAt: agencyBackups.createdAt, size: agencyBackups.size })
    .from(agencyBackups)
    .where(eq(agencyBackups.agencyId, agencyId))
    .orderBy(desc(agencyBackups.createdAt), desc(agencyBackups.id))
    .limit(MAX_LISTED);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
