import { describe, expect, it } from "vitest";
import { canNameOwner } from "./owner-scope.ts";

const me = "11111111-1111-4111-8111-111111111111";
const other = "22222222-2222-4222-8222-222222222222";

describe("who a caller may name as a record's owner", () => {
  it("with record scope all: anyone of the agency, or nobody", () => {
    expect(canNameOwner("all", me, me)).toBe(true);
    expect(canNameOwner("all", me, other)).toBe(true);
    expect(canNameOwner("all", me, null)).toBe(true);
  });
  it("with record scope own: only itself, never another member nor nobody", () => {
    expect(canNameOwner("own", me, me)).toBe(true);
    expect(canNameOwner("own", me, other)).toBe(false);
    expect(canNameOwner("own", me, null)).toBe(false);
    expect(canNameOwner("own", me, undefined)).toBe(false);
  });
});
