import { describe, expect, it } from "vitest";
import { passwordIssues, passwordStrength, strengthLabel } from "./password.ts";

describe("password rules (spec §5)", () => {
  it("lists every broken rule with its exact message", () => {
    expect(passwordIssues("abc")).toEqual([
      "Senha deve ter pelo menos 12 caracteres",
      "Deve conter pelo menos uma letra maiúscula",
      "Deve conter pelo menos um número",
      "Deve conter pelo menos um símbolo especial",
    ]);
    expect(passwordIssues("ABCDEFGHIJKL1!")).toEqual(["Deve conter pelo menos uma letra minúscula"]);
    expect(passwordIssues("Nexo@Demo2026")).toEqual([]);
  });

  it("scores strength as the spec weighs it", () => {
    expect(passwordStrength("")).toBe(0);
    expect(passwordStrength("abcdefgh")).toBe(35); // 15 length 8-11 + 20 lower
    expect(passwordStrength("abcdefghijkl")).toBe(45);
    expect(passwordStrength("Abcdefghijk1")).toBe(85);
    expect(passwordStrength("Abcdefghijk1!")).toBe(100);
    expect(passwordStrength("Abcdefg1!")).toBe(90);
  });

  it("labels the score", () => {
    expect([0, 29, 30, 59, 60, 79, 80, 100].map(strengthLabel)).toEqual([
      "Fraca",
      "Fraca",
      "Média",
      "Média",
      "Boa",
      "Boa",
      "Forte",
      "Forte",
    ]);
  });
});
