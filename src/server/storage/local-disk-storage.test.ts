import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk-storage.ts";

const root = mkdtempSync(path.join(tmpdir(), "nexo-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function* piecesOf(pieces: Uint8Array[]) {
  yield* pieces;
}

describe("local disk storage", () => {
  const storage = createLocalDiskStorage(root);

  it("puts, overwrites, gets and removes a file", async () => {
    await storage.put("agency-logos/a.png", new Uint8Array([1, 2, 3]));
    await storage.put("agency-logos/a.png", new Uint8Array([4, 5]));
    expect(await storage.get("agency-logos/a.png")).toEqual({ bytes: new Uint8Array([4, 5]), size: 2 });
    await storage.remove("agency-logos/a.png");
    expect(await storage.get("agency-logos/a.png")).toBeNull();
    await expect(storage.remove("agency-logos/a.png")).resolves.toBeUndefined();
  });

  it("stores a stream as it comes and reads it back as a stream, with its size", async () => {
    const pieces = [new Uint8Array([1, 2]), new Uint8Array([3]), new Uint8Array([4, 5, 6])];
    expect(await storage.putStream("agency-backups/a/b.json.gz", piecesOf(pieces))).toBe(6);
    const file = await storage.getStream("agency-backups/a/b.json.gz");
    expect(file?.size).toBe(6);
    expect(new Uint8Array(await new Response(file?.stream).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4, 5, 6]));
    expect(await storage.getStream("agency-backups/a/nenhum.json.gz")).toBeNull();
  });

  it("leaves no file, not even a temp one, when the stream fails midway", async () => {
    async function* failing() {
      yield new Uint8Array([1, 2, 3]);
      throw new Error("a leitura falhou");
    }
    await expect(storage.putStream("agency-backups/c/d.json.gz", failing())).rejects.toThrow("a leitura falhou");
    expect(readdirSync(path.join(root, "agency-backups", "c"))).toEqual([]);
    expect(await storage.get("agency-backups/c/d.json.gz")).toBeNull();
  });

  it("refuses keys that would leave its directory", async () => {
    await expect(storage.put("../fora.png", new Uint8Array([1]))).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.get("agency-logos/../../x")).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.get("/etc/passwd")).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.getStream("../x.json.gz")).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.putStream("../x.json.gz", piecesOf([new Uint8Array([1])]))).rejects.toThrow(
      "chave de arquivo inválida",
    );
  });
});
