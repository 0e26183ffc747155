/** A stored file as the storage gives it back. */
export type StoredFile = { bytes: Uint8Array<ArrayBuffer>; size: number };

/**
 * Where uploads live. Keys are slash-separated relative names (`agency-logos/<id>.png`);
 * the local disk serves one server, a shared store can replace it for several.
 */
export type FileStorage = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9.-]*)+$/i;

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`chave de arquivo inválida: ${key}`);
}
