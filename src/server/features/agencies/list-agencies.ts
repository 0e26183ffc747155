import { desc, sql } from "drizzle-orm";
import type { AgencyPage } from "#domain/schemas/agencies.ts";
import type { Tx } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { agencies } from "../../db/schema.ts";
import { toAgencyRow } from "./agency-row.ts";

/** Newest first, paged by the (created_at, id) keyset the agencies_created_idx serves. */
export async function listAgencies(tx: Tx, options: { cursor?: string; limit: number }): Promise<AgencyPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({ agency: agencies, exactCreatedAt: sql<string>`${agencies.createdAt}::text` })
    .from(agencies)
    .where(
      cursor
        ? sql`(${agencies.createdAt}, ${agencies.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(agencies.createdAt), desc(agencies.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => ({
    createdAt: row.exactCreatedAt,
    id: row.agency.id,
  }));
  return { agencies: page.map((row) => toAgencyRow(row.agency)), nextCursor };
}
