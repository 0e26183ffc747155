import { desc, sql } from "drizzle-orm";
import type { AgencyPage } from "#domain/schemas/agencies.ts";
import type { Tx } from "../../db/client.ts";
import { agencies } from "../../db/schema.ts";
import { toAgencyRow } from "./agency-row.ts";

/** The cursor keeps created_at at full (microsecond) precision, which a JS Date would round. */
type Cursor = { createdAt: string; id: string };

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) return null;
  return { createdAt, id };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

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
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    agencies: page.map((row) => toAgencyRow(row.agency)),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor({ createdAt: last.exactCreatedAt, id: last.agency.id }) : null,
  };
}
