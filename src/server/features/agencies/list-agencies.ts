import { and, desc, eq, lt, or } from "drizzle-orm";
import type { AgencyPage } from "#domain/schemas/agencies.ts";
import type { Tx } from "../../db/client.ts";
import { agencies } from "../../db/schema.ts";
import { toAgencyRow } from "./agency-row.ts";

type Cursor = { createdAt: Date; id: string };

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [millis, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(Number(millis));
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) return null;
  return { createdAt, id };
}

function encodeCursor(row: { createdAt: string; id: string }): string {
  return Buffer.from(`${Date.parse(row.createdAt)}|${row.id}`, "utf8").toString("base64url");
}

/** Newest first, paged by the (created_at, id) keyset the agencies_created_idx serves. */
export async function listAgencies(tx: Tx, options: { cursor?: string; limit: number }): Promise<AgencyPage> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select()
    .from(agencies)
    .where(
      cursor
        ? or(
            lt(agencies.createdAt, cursor.createdAt),
            and(eq(agencies.createdAt, cursor.createdAt), lt(agencies.id, cursor.id)),
          )
        : undefined,
    )
    .orderBy(desc(agencies.createdAt), desc(agencies.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit).map(toAgencyRow);
  const last = page.at(-1);
  return { agencies: page, nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null };
}
