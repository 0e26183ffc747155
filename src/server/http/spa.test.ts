import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSpa } from "./spa.ts";

let webDist: string;
let app: Hono;

/** A file of the build with the compressed copies the build writes beside it. */
function writeBuilt(file: string, content: string): void {
  const full = path.join(webDist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
}

beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), "nexo-spa-"));
  writeBuilt("index.html", "<!doctype html><title>index</title>");
  writeBuilt("screens/auth.html", "<!doctype html><title>auth</title>");
  writeBuilt("assets/entry-abc123.js", "console.log('entry');".repeat(100));
  app = new Hono();
  serveSpa(app, webDist);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const get = (pathname: string, acceptEncoding?: string) =>
  app.request(pathname, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("serveSpa", () => {
  it("answers a first screen's path with its own document, revalidated on every visit", async () => {
    const response = await get("/auth");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>auth</title>");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("answers any other path, deep links included, with index.html", async () => {
    for (const pathname of ["/", "/dashboard", "/app/crm/contatos", "/auth/extra", "/Auth"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toContain("<title>index</title>");
    }
  });

  it("sends the brotli copy to a browser that accepts it, the gzip one to one that only takes gzip", async () => {
    const brotli = await get("/auth", "gzip, deflate, br, zstd");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);
    const gzip = await get("/auth", "gzip, deflate");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/auth");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("serves hashed assets precompressed and cached for a year", async () => {
    const response = await get("/assets/entry-abc123.js", "br");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
