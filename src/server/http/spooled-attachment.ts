import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { WritePiece } from "./streamed-attachment.ts";

const READ_BYTES = 64 * 1024;

/**
 * A download produced piece by piece into a temporary file, then sent from it: `produce` runs to
 * its end before the answer starts (its error is the route's usual error answer), without waiting
 * for the client, and the server holds no more than a read buffer of it. The file is removed once
 * sent, or when the client goes away.
 */
export async function spooledAttachment(
  headers: Record<string, string>,
  produce: (write: WritePiece) => Promise<void>,
): Promise<Response> {
  const dir = await mkdtemp(path.join(tmpdir(), "nexo-download-"));
  const file = await open(path.join(dir, "body"), "w+");
  const discard = () =>
    file
      .close()
      .finally(() => rm(dir, { recursive: true, force: true }))
      .catch(() => {});
  try {
    await produce(async (text) => {
      if (text) await file.write(text);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  let position = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { bytesRead, buffer } = await file.read(Buffer.alloc(READ_BYTES), 0, READ_BYTES, position);
        position += bytesRead;
        if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
      await discard();
    },
    cancel: discard,
  });
  return new Response(body, { headers });
}
