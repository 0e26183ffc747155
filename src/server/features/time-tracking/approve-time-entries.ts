import { sql } from "drizzle-orm";
import { TIME_MESSAGES as M } from "#domain/schemas/time-entries.ts";
import { type Queryable, queryRows } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { type Caller, uuidList } from "../projects/delivery-scope.ts";
import { managesTeamTime } from "./team-time.ts";

/** Approves finished entries; only a caller who manages the team's time does (team-time.ts). */
export async function approveTimeEntries(
  tx: Queryable,
  caller: Caller,
  entryIds: string[],
  now: Date,
): Promise<number> {
  if (!managesTeamTime(caller)) throw new AppError("forbidden", M.notManager);
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT e.id FROM time_entries e WHERE e.agency_id = ${caller.agencyId} AND e.id IN (${uuidList(entryIds)})
        FOR UPDATE OF e`,
  );
  if (rows.length !== new Set(entryIds).size) throw new AppError("not_found", M.notFound);
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`WITH done AS (UPDATE time_entries SET approved_at = ${now.toISOString()}::timestamptz, approved_by = ${caller.user.id},
          updated_at = ${now.toISOString()}::timestamptz
        WHERE agency_id = ${caller.agencyId} AND id IN (${uuidList(entryIds)}) AND ended_at IS NOT NULL AND approved_at IS NULL
        RETURNING 1) SELECT count(*)::int AS n FROM done`,
  );
  return n;
}
