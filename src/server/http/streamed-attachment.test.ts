import { describe, expect, it, vi } from "vitest";
import { StalledClientError, streamedAttachment } from "./streamed-attachment.ts";

const HEADERS = { "content-type": "text/csv; charset=utf-8" };

describe("streamedAttachment", () => {
  it("sends the pieces in order, each once the client took the one before", async () => {
    const sent: string[] = [];
    const response = await streamedAttachment(
      HEADERS,
      async (write) => {
        for (const piece of ["a;b\r\n", "", "1;2\r\n", "3;4"]) {
          await write(piece);
          sent.push(piece);
        }
      },
      () => {},
    );
    expect(response.headers.get("content-type")).toBe(HEADERS["content-type"]);
    // Nothing is produced ahead of the client: the first write waits until it is read.
    expect(sent).toEqual([]);
    expect(await response.text()).toBe("a;b\r\n1;2\r\n3;4");
  });

  it("answers an error raised before the first piece as the route's error, with no download", async () => {
    const refused = new Error("não encontrado");
    await expect(
      streamedAttachment(
        HEADERS,
        async () => {
          throw refused;
        },
        () => {},
      ),
    ).rejects.toBe(refused);
  });

  it("cuts the download on an error after the first piece, and reports it", async () => {
    const failure = new Error("connection lost");
    const onCutShort = vi.fn();
    const response = await streamedAttachment(
      HEADERS,
      async (write) => {
        await write("a;b\r\n");
        throw failure;
      },
      onCutShort,
    );
    await expect(response.text()).rejects.toBe(failure);
    expect(onCutShort).toHaveBeenCalledWith(failure);
  });

  it("cuts off a client that takes nothing, so the producer (and its transaction) ends", async () => {
    const onCutShort = vi.fn();
    let produced: Promise<void> | undefined;
    const response = await streamedAttachment(
      HEADERS,
      (write) => {
        produced = write("a;b\r\n");
        return produced;
      },
      onCutShort,
      { stalledClientMs: 50 },
    );
    await expect(produced).rejects.toBeInstanceOf(StalledClientError);
    expect(onCutShort).toHaveBeenCalledWith(expect.any(StalledClientError));
    await expect(response.text()).rejects.toBeInstanceOf(StalledClientError);
  });
});
