import { pageWithCursor } from "./keyset-cursor.ts";

/**
 * Keyset cursor over (day, created_at, id): lists shown by a calendar date (a payment's or an
 * expense's), newest day first, then newest entry. created_at is kept as text at full precision.
 */
export type DatedCursor = { day: string; createdAt: string; id: string };

export function decodeDatedCursor(cursor: string | undefined): DatedCursor | null {
  if (!cursor) return null;
  const [day, createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day ?? "") || Number.isNaN(Date.parse(createdAt ?? ""))) return null;
  if (!/^[0-9a-f-]{36}$/i.test(id ?? "")) return null;
  return { day, createdAt, id };
}

function encodeDatedCursor(cursor: DatedCursor): string {
  return Buffer.from(`${cursor.day}|${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** A page of a (day, created_at, id) keyset list. */
export function datedPageOf<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => DatedCursor,
): { page: R[]; nextCursor: string | null } {
  return pageWithCursor(rows, limit, (row) => encodeDatedCursor(keyOf(row)));
}
