import { describe, expect, it } from "vitest";
import { countLabel } from "./count-label.ts";

describe("countLabel", () => {
  it("takes the singular for exactly one and the plural otherwise", () => {
    expect(countLabel(1, "ganha", "ganhas")).toBe("1 ganha");
    expect(countLabel(2, "ganha", "ganhas")).toBe("2 ganhas");
    expect(countLabel(0, "projeto no total", "projetos no total")).toBe("0 projetos no total");
  });

  it("groups thousands as pt-BR does", () => {
    expect(countLabel(1200, "ganha", "ganhas")).toBe("1.200 ganhas");
  });
});
