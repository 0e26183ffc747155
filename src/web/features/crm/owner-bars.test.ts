import { describe, expect, it } from "vitest";
import { ownerBars } from "./owner-bars.ts";

describe("ownerBars", () => {
  it("keeps an owner whose open deals sum to R$ 0,00, largest value first", () => {
    const owners = [
      { ownerId: null, ownerName: "Sem valor", openCount: 4, openCents: 0 },
      { ownerId: null, ownerName: "Maior", openCount: 1, openCents: 1_580_000 },
      { ownerId: null, ownerName: "Sem oportunidades", openCount: 0, openCents: 0 },
    ];
    expect(ownerBars(owners).map((o) => o.ownerName)).toEqual(["Maior", "Sem valor"]);
  });
});
