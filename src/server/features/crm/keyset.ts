/** A keyset cursor: the last row's sort value and id, opaque to the client. */
export function encodeCursor(value: string | number | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): [string | number | null, string] | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === "string") return [parsed[0], parsed[1]];
  } catch {}
  return null;
}
