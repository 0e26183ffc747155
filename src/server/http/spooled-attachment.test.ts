import { describe, expect, it } from "vitest";
import { spooledAttachment } from "./spooled-attachment.ts";

const HEADERS = { "content-type": "text/csv; charset=utf-8" };

describe("spooledAttachment", () => {
  it("produces every piece before the answer starts, then sends them all in order", async () => {
    const produced: string[] = [];
    const pieces = ["\uFEFFNome;Cidade\r\n", "", "São Paulo;".repeat(20_000), "\r\nfim"];
    const response = await spooledAttachment(HEADERS, async (write) => {
      for (const piece of pieces) {
        await write(piece);
        produced.push(piece);
      }
    });
    // Nothing waited for the client: the transaction that produced it has ended.
    expect(produced).toEqual(pieces);
    expect(response.headers.get("content-type")).toBe(HEADERS["content-type"]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(pieces.join(""));
  });

  it("answers an error while producing as the route's error, with no download", async () => {
    const failure = new Error("connection lost");
    await expect(
      spooledAttachment(HEADERS, async (write) => {
        await write("Nome\r\n");
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
