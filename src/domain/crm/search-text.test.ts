import { describe, expect, it } from "vitest";
import { foldSearch, searchFragment } from "./search-text.ts";

describe("search folding", () => {
  it("drops case and accents like SQL crm_fold", () => {
    expect(foldSearch("João Conceição ÁGUA")).toBe("joao conceicao agua");
  });
  it("turns a typed phone or CNPJ fragment into digits", () => {
    expect(searchFragment("(11) 98765")).toBe("1198765");
    expect(searchFragment("12.345.678/0001")).toBe("123456780001");
    expect(searchFragment(" Fábio ")).toBe("fabio");
  });
});
