import { sql } from "drizzle-orm";
import { AUTO_BACKUPS_KEPT } from "#domain/schemas/auto-backups.ts";
import { queryRows } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { asPlatform } from "../../db/as-platform.ts";

/**
 * Keeps the agency's newest AUTO_BACKUPS_KEPT backups: the older rows go first, then their files,
 * so a failure can leave a file no row names, never a row whose file is gone.
 */
export async function pruneAutoBackups(deps: Pick<Deps, "database" | "storage">, agencyId: string): Promise<number> {
  const removed = await asPlatform(deps.database, (tx) =>
    queryRows<{ storage_key: string }>(
      tx,
      sql`delete from agency_backups
           where agency_id = ${agencyId}
             and id in (select id from agency_backups where agency_id = ${agencyId}
                         order by created_at desc, id desc offset ${AUTO_BACKUPS_KEPT})
       returning storage_key`,
    ),
  );
  for (const row of removed) await deps.storage.remove(row.storage_key);
  return removed.length;
}
