/**
 * Keyset cursor over (created_at, id). It keeps created_at at full (microsecond) precision as
 * text, which a JS Date would round, so the next page starts exactly after the last row.
 */
export type KeysetCursor = { createdAt: string; id: string };

export function decodeCursor(cursor: string | undefined): KeysetCursor | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id ?? "")) return null;
  return { createdAt, id };
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/**
 * Cuts the limit + 1 rows a page query fetched into the page and the cursor of the next one: the
 * one rule of every keyset list, whatever its cursor (`cursorOf` encodes the last row's).
 */
export function pageWithCursor<R>(
  rows: R[],
  limit: number,
  cursorOf: (row: R) => string,
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** A page of a (created_at, id) keyset list. */
export function pageOf<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => KeysetCursor,
): { page: R[]; nextCursor: string | null } {
  return pageWithCursor(rows, limit, (row) => encodeCursor(keyOf(row)));
}
