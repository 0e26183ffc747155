import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases, removes accents, drops symbols and hyphenates spaces", () => {
    expect(slugify("Agência Aurora")).toBe("agencia-aurora");
    expect(slugify("  São João & Cia. Ltda  ")).toBe("sao-joao-cia-ltda");
    expect(slugify("Ação Criativa 360º")).toBe("acao-criativa-360");
  });
});
