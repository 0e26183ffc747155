/**
 * The opaque cursors of task pages: a list's last (due date, id), the due date as exact text or
 * null (none sorts last), and a board column's last (position, id).
 */
export type DueCursor = { due: string | null; id: string };
export type PositionCursor = { position: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The due key as the list selects it (to_char in UTC): anything else would reach the database's cast. */
const DUE_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encode = (value: string | null, id: string) => Buffer.from(JSON.stringify([value, id])).toString("base64url");

function decode(cursor: string | undefined): [string | null, string] | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed;
    if ((value !== null && typeof value !== "string") || typeof id !== "string" || !UUID.test(id)) return null;
    return [value, id];
  } catch {
    return null;
  }
}

export const encodeDueCursor = (c: DueCursor) => encode(c.due, c.id);

/** A list cursor, or null for the first page (also when it does not parse: the client starts over). */
export function decodeDueCursor(cursor: string | undefined): DueCursor | null {
  const parsed = decode(cursor);
  if (!parsed || (parsed[0] !== null && !DUE_KEY.test(parsed[0]))) return null;
  return { due: parsed[0], id: parsed[1] };
}

export const encodePositionCursor = (c: PositionCursor) => encode(c.position, c.id);

export function decodePositionCursor(cursor: string | undefined): PositionCursor | null {
  const parsed = decode(cursor);
  if (!parsed || parsed[0] === null) return null;
  return { position: parsed[0], id: parsed[1] };
}
