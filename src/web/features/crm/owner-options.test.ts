import { describe, expect, it } from "vitest";
import { ownerOptions } from "./owner-options.ts";

const closer = { id: "11111111-1111-4111-8111-111111111111", name: "Carla Closer", assignable: true };
const manager = { id: "22222222-2222-4222-8222-222222222222", name: "Gestora", assignable: false };
const bdr = { id: "33333333-3333-4333-8333-333333333333", name: "Bruno BDR", assignable: false };

describe("ownerOptions", () => {
  it("offers only the people the caller may name as owner", () => {
    expect(ownerOptions([manager, closer, bdr], null)).toEqual([{ value: closer.id, label: "Carla Closer" }]);
    expect(ownerOptions([manager, closer, bdr], closer.id)).toEqual([{ value: closer.id, label: "Carla Closer" }]);
  });

  it("keeps a current owner the caller may not name, disabled, so the form still shows it", () => {
    expect(ownerOptions([manager, closer, bdr], manager.id)).toEqual([
      { value: manager.id, label: "Gestora", disabled: true },
      { value: closer.id, label: "Carla Closer" },
    ]);
  });

  it("offers everyone when everyone is assignable", () => {
    const all = [manager, closer, bdr].map((p) => ({ ...p, assignable: true }));
    expect(ownerOptions(all, bdr.id).map((o) => o.value)).toEqual([manager.id, closer.id, bdr.id]);
  });
});
