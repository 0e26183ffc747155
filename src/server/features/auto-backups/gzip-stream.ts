import type { Readable } from "node:stream";
import { createGzip, type Gzip } from "node:zlib";
import type { WritePiece } from "../../http/streamed-attachment.ts";

/** Fails when `gzip` was destroyed (its reader gave up or failed): with its error, if it has one. */
function assertOpen(gzip: Gzip): void {
  if (gzip.destroyed) throw gzip.errored ?? new Error("a cópia compactada foi interrompida");
}

/** Resolves when `gzip` takes more; fails when it was destroyed meanwhile (its reader gave up or failed). */
async function roomIn(gzip: Gzip): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      gzip.off("drain", done);
      gzip.off("close", done);
      resolve();
    };
    gzip.on("drain", done);
    gzip.on("close", done);
  });
  assertOpen(gzip);
}

/**
 * What `produce` writes, gzipped as it is written, as a stream for whoever stores it: each write
 * waits until the stream's reader has taken enough, so a few pieces are held at a time whatever
 * the file's size. A failing `produce` fails the stream; a stream destroyed (its reader failed or
 * gave up) fails `produce`'s next write. `produced` resolves once `produce` has settled (its
 * error is the stream's, for its reader to meet).
 */
export function gzipStream(produce: (write: WritePiece) => Promise<void>): {
  stream: Readable;
  produced: Promise<void>;
} {
  const gzip = createGzip();
  // Its reader may come after `produce` failed: the error waits in the stream (pipeline meets it
  // there) instead of being thrown as nobody's.
  gzip.on("error", () => {});
  const write: WritePiece = async (text) => {
    assertOpen(gzip);
    if (!gzip.write(text)) await roomIn(gzip);
  };
  const produced = produce(write).then(
    () => {
      gzip.end();
    },
    (error: unknown) => {
      gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return { stream: gzip, produced };
}
