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
  it("keeps an alphanumeric CNPJ fragment's letters, lower case, as the search text does", () => {
    expect(searchFragment("12.ABC.345/01DE")).toBe("12abc34501de");
    expect(searchFragment("12.abc")).toBe("12abc");
    expect(searchFragment("Loja 2")).toBe("loja 2");
    expect(searchFragment("Dr. João")).toBe("dr. joao");
  });
});
