import { describe, expect, it } from "vitest";
import { createEpochCache } from "./epoch-cache.ts";

describe("epoch cache", () => {
  it("answers a value only at the epoch it was stored at", () => {
    const cache = createEpochCache();
    cache.set("me:a", "7", { role: "agency_manager" });
    expect(cache.get("me:a", "7")).toEqual({ role: "agency_manager" });
    expect(cache.get("me:a", "8")).toBeUndefined();
    expect(cache.get("me:a", "6")).toBeUndefined();
    expect(cache.get("me:b", "7")).toBeUndefined();
  });

  it("keeps one value per key: a newer epoch replaces it", () => {
    const cache = createEpochCache();
    cache.set("me:a", "7", "old");
    cache.set("me:a", "8", "new");
    expect(cache.get("me:a", "7")).toBeUndefined();
    expect(cache.get("me:a", "8")).toBe("new");
  });

  it("starts over past its bound rather than growing", () => {
    const cache = createEpochCache(2);
    cache.set("a", "1", 1);
    cache.set("b", "1", 2);
    cache.set("a", "2", 3); // a known key replaces, without clearing
    expect(cache.get("b", "1")).toBe(2);
    cache.set("c", "1", 4);
    expect(cache.get("a", "2")).toBeUndefined();
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("c", "1")).toBe(4);
  });
});
