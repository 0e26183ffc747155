import { sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import { type Queryable, queryRows } from "../../db/client.ts";

/** The key after the last card of a board column (project + status). */
export async function positionAtEnd(
  tx: Queryable,
  agencyId: string,
  projectId: string,
  status: string,
): Promise<string> {
  const [row] = await queryRows<{ position: string | null }>(
    tx,
    sql`SELECT max(position) AS position FROM tasks
        WHERE agency_id = ${agencyId} AND project_id = ${projectId} AND status = ${status}`,
  );
  return generateKeyBetween(row?.position ?? null, null);
}
