/** A stored file as the storage gives it back. */
export type StoredFile = { bytes: Uint8Array<ArrayBuffer>; size: number };

/** A stored file opened for reading piece by piece: nothing more than a piece is held at a time. */
export type StoredStream = { stream: ReadableStream<Uint8Array>; size: number };

/**
 * Where uploads live. Keys are slash-separated relative names (`agency-logos/<id>.png`);
 * the local disk serves one server, a shared store can replace it for several.
 */
export type FileStorage = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores what `source` yields as it comes, for files too large to hold (an agency's backup). The
   * file appears whole or not at all: a source that fails leaves nothing. Answers its size in bytes.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<number>;
  get(key: string): Promise<StoredFile | null>;
  /** The file opened as a stream (null when there is none); whoever takes it reads or cancels it. */
  getStream(key: string): Promise<StoredStream | null>;
  remove(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9.-]*)+$/i;

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`chave de arquivo inválida: ${key}`);
}
