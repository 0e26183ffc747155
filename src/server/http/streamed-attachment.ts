/** Text pieces written to a download as `produce` makes them; each write waits until the client took the last. */
export type WritePiece = (text: string) => Promise<void>;

/**
 * A download written while it is produced, so the server holds one piece at a time whatever its
 * size: `produce` calls `write` per piece, and each write waits until the client has taken the
 * previous one. The answer starts with the first piece, so an error before it is the route's usual
 * error answer (400, 403, 404…). An error after it cuts the download: the stream errors, the
 * connection is reset, and the client sees a failed transfer, never a file that looks whole;
 * `onCutShort` reports it.
 */
export function streamedAttachment(
  headers: Record<string, string>,
  produce: (write: WritePiece) => Promise<void>,
  onCutShort: (error: unknown) => void,
): Promise<Response> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  return new Promise((resolve, reject) => {
    let isStarted = false;
    const start = () => {
      isStarted = true;
      resolve(new Response(readable, { headers }));
    };
    const write: WritePiece = async (text) => {
      if (!text) return;
      if (!isStarted) start();
      await writer.write(encoder.encode(text));
    };
    produce(write)
      .then(
        () => {
          if (!isStarted) start();
          return writer.close();
        },
        (error: unknown) => {
          if (!isStarted) return reject(error);
          onCutShort(error);
          return writer.abort(error);
        },
      )
      // Closing or aborting a stream the client already cancelled rejects: nothing is left to tell.
      .catch(() => {});
  });
}
