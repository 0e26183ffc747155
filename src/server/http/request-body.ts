import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { AppError, MESSAGES } from "./errors.ts";

/** How much of a request body a route reads, and what it answers past that (413). */
export type BodyLimit = { maxBytes: number; message: string };

/** Large enough for a 5 MB logo sent as base64 JSON (spec), small enough that a request cannot exhaust memory. */
export const DEFAULT_BODY_LIMIT: BodyLimit = { maxBytes: 10 * 1024 * 1024, message: MESSAGES.payloadTooLarge };

const tooLarge = (limit: BodyLimit) => new AppError("payload_too_large", limit.message);

/**
 * The request body as UTF-8 text, refused with 413 once it passes the limit (at once when its
 * Content-Length says so, else as it arrives: never read whole).
 *
 * Under Node the body is read from Node's own request (`c.env.incoming`, the adapter's documented
 * binding): reading it through the fetch Request (`c.req`) made the adapter build an undici
 * Request, a web stream and an abort signal per request, an eighth of a POST's CPU under load.
 * Elsewhere (in-process requests of the tests) it is read from that Request's stream.
 */
export async function readBodyText(c: Context, limit: BodyLimit): Promise<string> {
  const declared = Number.parseInt(c.req.header("content-length") ?? "", 10);
  if (declared > limit.maxBytes) throw tooLarge(limit);
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const chunks = incoming ? (incoming as AsyncIterable<Uint8Array>) : webChunks(c.req.raw.body);
  const bytes = await collect(chunks, limit);
  return new TextDecoder().decode(bytes);
}

async function collect(chunks: AsyncIterable<Uint8Array>, limit: BodyLimit): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit.maxBytes) throw tooLarge(limit);
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}

async function* webChunks(body: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
