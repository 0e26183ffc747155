import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "../../db/client.ts";

/**
 * The agency's members with their own hourly rate (null where none was set); only `onlyUserId`
 * when given (a caller whose scope is their own time sees their own rate).
 */
export async function listHourlyRates(tx: Queryable, agencyId: string, onlyUserId: string | null) {
  return queryRows<{ userId: string; name: string; rateCents: number | null }>(
    tx,
    sql`SELECT p.id AS "userId",
               coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email) AS name,
               r.rate_cents::float8 AS "rateCents"
        FROM profiles p
        LEFT JOIN user_hourly_rates r ON r.agency_id = p.agency_id AND r.user_id = p.id
        WHERE p.agency_id = ${agencyId} ${onlyUserId ? sql`AND p.id = ${onlyUserId}` : sql``}
        ORDER BY name, p.id
        LIMIT 1000`,
  );
}
