import { once } from "node:events";
import { createGzip } from "node:zlib";
import type { WritePiece } from "../../http/streamed-attachment.ts";

/**
 * The gzipped bytes of what `produce` writes, compressed as it is written: only the compressed
 * file is held (a backup's JSON shrinks several times), never its whole text.
 */
export async function gzipPieces(produce: (write: WritePiece) => Promise<void>): Promise<Uint8Array> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, "end");
  try {
    await produce(async (text) => {
      if (!gzip.write(text)) await once(gzip, "drain");
    });
    gzip.end();
    await ended;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  return Buffer.concat(chunks);
}
