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

type Column = { agencyId: string; projectId: string; status: string; movingId: string };

/**
 * The key of the column's card just `side` ("after" or "before") the card `namedId`, leaving out
 * the card being moved and keys equal to the named card's (no key fits between equal keys); null
 * at the column's end or when no card is named.
 */
export async function keyNextTo(
  tx: Queryable,
  column: Column,
  namedId: string | null,
  side: "after" | "before",
): Promise<string | null> {
  if (!namedId) return null;
  const [row] = await queryRows<{ position: string }>(
    tx,
    sql`SELECT t.position FROM tasks t, tasks n
        WHERE n.agency_id = ${column.agencyId} AND n.id = ${namedId}
          AND t.agency_id = ${column.agencyId} AND t.project_id = ${column.projectId} AND t.status = ${column.status}
          AND t.id <> ${column.movingId}
          AND ${side === "after" ? sql`t.position > n.position ORDER BY t.position` : sql`t.position < n.position ORDER BY t.position DESC`}
        LIMIT 1`,
  );
  return row?.position ?? null;
}
