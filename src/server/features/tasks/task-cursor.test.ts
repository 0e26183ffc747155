import { describe, expect, it } from "vitest";
import { decodeDueCursor, decodePositionCursor, encodeDueCursor, encodePositionCursor } from "./task-cursor.ts";

const ID = "0b5c1c2e-6f0a-4d7e-9a43-1f2b3c4d5e6f";
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("task cursors", () => {
  it("round-trip a due date at microseconds, none, and a position key", () => {
    const due = { due: "2026-05-10T12:00:00.123456Z", id: ID };
    expect(decodeDueCursor(encodeDueCursor(due))).toEqual(due);
    expect(decodeDueCursor(encodeDueCursor({ due: null, id: ID }))).toEqual({ due: null, id: ID });
    expect(decodePositionCursor(encodePositionCursor({ position: "a0V", id: ID }))).toEqual({
      position: "a0V",
      id: ID,
    });
  });

  it("start over (null) on anything else: no cast of a free text date reaches the database", () => {
    for (const cursor of [
      undefined,
      "",
      "lixo",
      raw(["Sat May 10 2026", ID]),
      raw(["2026-05-10T12:00:00Z", "x"]),
      raw([1, ID]),
    ]) {
      expect(decodeDueCursor(cursor)).toBeNull();
    }
    expect(decodePositionCursor(raw([null, ID]))).toBeNull();
  });
});
