import type { DatabaseKind } from "../db/client.ts";
import { spooledAttachment } from "./spooled-attachment.ts";
import { streamedAttachment, type WritePiece } from "./streamed-attachment.ts";

/**
 * A download produced piece by piece inside one database transaction. On PostgreSQL it is streamed
 * at the client's pace (streamed-attachment.ts): the transaction holds one pooled connection
 * meanwhile. PGlite has one connection for the whole app, so there the pieces are spooled to a
 * temporary file and the transaction ends before the first byte is sent (spooled-attachment.ts):
 * a slow or stalled client never holds the database. Memory stays flat on both.
 */
export function downloadByPieces(
  database: DatabaseKind,
  headers: Record<string, string>,
  produce: (write: WritePiece) => Promise<void>,
  onCutShort: (error: unknown) => void,
): Promise<Response> {
  return database === "pglite" ? spooledAttachment(headers, produce) : streamedAttachment(headers, produce, onCutShort);
}
