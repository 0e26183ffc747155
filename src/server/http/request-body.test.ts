import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { readBodyText } from "./request-body.ts";

const LIMIT = { maxBytes: 64, message: "Grande demais." };

/** An app that answers the body it read, or 413 with the limit's message. */
function echoApp(): Hono {
  const app = new Hono();
  app.post("/echo", async (c) => c.text(await readBodyText(c, LIMIT)));
  app.onError((error, c) =>
    error instanceof AppError ? c.text(error.message, error.status) : c.text(String(error), 500),
  );
  return app;
}

/** Sends the chunks as they are (chunked, without Content-Length unless given). */
function post(port: number, chunks: Buffer[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest({ port, path: "/echo", method: "POST", headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("reading a request body under Node (the adapter's request) and in-process (the fetch Request)", () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: echoApp().fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("reads the whole body, a character split across chunks included", async () => {
    const text = '{"nome":"Ação"}';
    const bytes = Buffer.from(text);
    const split = bytes.indexOf(Buffer.from("ç")) + 1;
    expect(await post(port, [bytes.subarray(0, split), bytes.subarray(split)])).toEqual({ status: 200, text });
    expect(await echoApp().request("/echo", { method: "POST", body: text })).toMatchObject({ status: 200 });
    expect(await (await echoApp().request("/echo", { method: "POST", body: text })).text()).toBe(text);
  });

  it("refuses a body past the limit with 413: by its Content-Length, or as it arrives", async () => {
    const big = Buffer.alloc(65, "a");
    expect(await post(port, [big], { "content-length": "65" })).toEqual({ status: 413, text: LIMIT.message });
    expect(await post(port, [big.subarray(0, 40), big.subarray(40)])).toEqual({ status: 413, text: LIMIT.message });
    const inProcess = await echoApp().request("/echo", { method: "POST", body: big.toString() });
    expect(inProcess.status).toBe(413);
    expect(await post(port, [Buffer.alloc(64, "a")])).toEqual({ status: 200, text: "a".repeat(64) });
  });

  it("reads an empty body as empty text", async () => {
    expect(await post(port, [])).toEqual({ status: 200, text: "" });
  });
});
