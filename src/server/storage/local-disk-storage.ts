import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type FileStorage } from "./file-storage.ts";

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === "ENOENT";
}

/** Files under one directory (DATA_DIR/uploads); a write goes to a temp name first, then is renamed in place. */
export function createLocalDiskStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
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
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
