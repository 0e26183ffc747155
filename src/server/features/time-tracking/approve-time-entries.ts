import { sql } from "drizzle-orm";
import { TIME_MESSAGES as M } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { type Caller, uuidList } from "../projects/delivery-scope.ts";

/**
 * Approves finished entries. The project's manager (its owner) approves; a caller with scope
 * "all" on time (agency and project managers) approves any project's.
 */
export async function approveTimeEntries(
  tx: Queryable,
  caller: Caller,
  entryIds: string[],
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: string; owner_id: string | null; ended_at: Date | string | null }>(
    tx,
    sql`SELECT e.id, p.owner_id, e.ended_at FROM time_entries e JOIN projects p ON p.id = e.project_id AND p.agency_id = e.agency_id
        WHERE e.agency_id = ${caller.agencyId} AND e.id IN (${uuidList(entryIds)}) FOR UPDATE OF e`,
  );
  if (rows.length !== new Set(entryIds).size) throw new AppError("not_found", M.notFound);
  if (caller.scope !== "all" && rows.some((r) => r.owner_id !== caller.user.id))
    throw new AppError("forbidden", M.notManager);
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`WITH done AS (UPDATE time_entries SET approved_at = ${now.toISOString()}::timestamptz, approved_by = ${caller.user.id},
          updated_at = ${now.toISOString()}::timestamptz
        WHERE agency_id = ${caller.agencyId} AND id IN (${uuidList(entryIds)}) AND ended_at IS NOT NULL AND approved_at IS NULL
        RETURNING 1) SELECT count(*)::int AS n FROM done`,
  );
  return n;
}
