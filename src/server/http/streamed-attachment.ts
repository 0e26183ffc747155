/** Text pieces written to a download as `produce` makes them; each write waits until the client took the last. */
export type WritePiece = (text: string) => Promise<void>;

/**
 * How long a client may take no bytes before its download is cut: the transaction producing it
 * holds a pooled connection while it waits, so a stalled (or malicious) client must not hold it on.
 */
export const STALLED_CLIENT_MS = 30_000;

export class StalledClientError extends Error {
  constructor(ms: number) {
    super(`the client took nothing for ${ms} ms`);
  }
}

/** `pending`, or a StalledClientError once `ms` have passed without it settling. */
async function withinStall<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StalledClientError(ms)), ms);
  });
  try {
    return await Promise.race([pending, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A download written while it is produced, so the server holds one piece at a time whatever its
 * size: `produce` calls `write` per piece, and each write waits until the client has taken the
 * previous one. The answer starts with the first piece, so an error before it is the route's usual
 * error answer (400, 403, 404…). An error after it cuts the download: the stream errors, the
 * connection is reset, and the client sees a failed transfer, never a file that looks whole;
 * `onCutShort` reports it. A client that takes nothing for `stalledClientMs` is cut off likewise.
 */
export function streamedAttachment(
  headers: Record<string, string>,
  produce: (write: WritePiece) => Promise<void>,
  onCutShort: (error: unknown) => void,
  { stalledClientMs = STALLED_CLIENT_MS } = {},
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
      await withinStall(writer.write(encoder.encode(text)), stalledClientMs);
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
