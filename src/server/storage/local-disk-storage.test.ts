import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk-storage.ts";

const root = mkdtempSync(path.join(tmpdir(), "nexo-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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

  it("refuses keys that would leave its directory", async () => {
    await expect(storage.put("../fora.png", new Uint8Array([1]))).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.get("agency-logos/../../x")).rejects.toThrow("chave de arquivo inválida");
    await expect(storage.get("/etc/passwd")).rejects.toThrow("chave de arquivo inválida");
  });
});
