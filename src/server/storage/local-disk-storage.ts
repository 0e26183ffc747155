import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type FileStorage, type StoredStream } from "./file-storage.ts";

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === "ENOENT";
}

/**
 * Writes `file` through a temp name beside it, renamed in place once `writeTemp` has written it
 * whole: a reader never sees half a file, and a failed write leaves no temp behind.
 */
async function writeWhole<T>(file: string, writeTemp: (temp: string) => Promise<T>): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const result = await writeTemp(temp);
    await rename(temp, file);
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function openStream(file: string): Promise<StoredStream | null> {
  const handle = await open(file).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    // The read stream closes the file when it ends or is cancelled.
    return { stream: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Files under one directory (DATA_DIR/uploads). */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      await writeWhole(fileOf(key), (temp) => writeFile(temp, bytes));
    },
    async putStream(key, source) {
      return writeWhole(fileOf(key), async (temp) => {
        await pipeline(source, createWriteStream(temp));
        return (await stat(temp)).size;
      });
    },
    async get(key) {
      try {
        const bytes = new Uint8Array(await readFile(fileOf(key)));
        return { bytes, size: bytes.byteLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    getStream: async (key) => openStream(fileOf(key)),
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
