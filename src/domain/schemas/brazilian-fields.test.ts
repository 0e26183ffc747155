import { describe, expect, it } from "vitest";
import {
  BRAZILIAN_FIELD_MESSAGES,
  brazilianFieldsInput,
  brazilianFieldsSchema,
  cepOf,
  cnpjKey,
} from "./brazilian-fields.ts";

const messagesOf = (input: Record<string, string>, kept = {}) =>
  brazilianFieldsSchema(kept)
    .safeParse({ taxId: "", zipCode: "", contactPhone: "", ...input })
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("cnpjKey", () => {
  it("reads a CNPJ with or without punctuation, only when its check digits match", () => {
    expect(cnpjKey("11.222.333/0001-81")).toBe("11222333000181");
    expect(cnpjKey("11222333000181")).toBe("11222333000181");
    expect(cnpjKey("11.222.333/0001-82")).toBeNull();
    expect(cnpjKey("00.000.000/0000-00")).toBeNull();
    expect(cnpjKey("CNPJ 11.222.333/0001-81")).toBeNull();
    expect(cnpjKey("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });
});

describe("cepOf", () => {
  it("writes eight digits as 00000-000 and refuses anything else", () => {
    expect(cepOf("01310-100")).toBe("01310-100");
    expect(cepOf("01310100")).toBe("01310-100");
    expect(cepOf("01.310-100")).toBe("01310-100");
    expect(cepOf("0131-0100")).toBeNull();
    expect(cepOf("1310-100")).toBeNull();
    expect(cepOf("01310-1000")).toBeNull();
    expect(cepOf("01310-10a")).toBeNull();
  });
});

describe("brazilianFieldsSchema", () => {
  it("keeps empty fields empty and stores valid ones in one form", () => {
    expect(brazilianFieldsSchema().parse({ taxId: " ", zipCode: "", contactPhone: "" })).toEqual({
      taxId: null,
      zipCode: null,
      contactPhone: null,
    });
    expect(
      brazilianFieldsSchema().parse({
        taxId: "11.222.333/0001-81",
        zipCode: "01310100",
        contactPhone: "(11) 4000-1234",
      }),
    ).toEqual({ taxId: "11222333000181", zipCode: "01310-100", contactPhone: "+551140001234" });
  });

  it("names each invalid field with its pt-BR message", () => {
    expect(messagesOf({ taxId: "123", zipCode: "123", contactPhone: "123" })).toEqual([
      ["taxId", BRAZILIAN_FIELD_MESSAGES.invalidCnpj],
      ["zipCode", BRAZILIAN_FIELD_MESSAGES.invalidCep],
      ["contactPhone", BRAZILIAN_FIELD_MESSAGES.invalidPhone],
    ]);
  });

  it("lets a stored value that no longer passes stay as it is, and only that value", () => {
    const kept = { taxId: "123", zipCode: null, contactPhone: "ramal 22" };
    expect(brazilianFieldsSchema(kept).parse({ taxId: "123", zipCode: "", contactPhone: "ramal 22" })).toEqual(kept);
    expect(messagesOf({ taxId: "124", contactPhone: "ramal 22" }, kept)).toEqual([
      ["taxId", BRAZILIAN_FIELD_MESSAGES.invalidCnpj],
    ]);
  });
});

describe("brazilianFieldsInput", () => {
  it("writes out a stored CNPJ and phone, and shows anything else exactly as stored", () => {
    expect(
      brazilianFieldsInput({ taxId: "11222333000181", zipCode: "01310-100", contactPhone: "+551140001234" }),
    ).toEqual({
      taxId: "11.222.333/0001-81",
      zipCode: "01310-100",
      contactPhone: "(11) 4000-1234",
    });
    expect(brazilianFieldsInput({ taxId: "12345678000190", zipCode: null, contactPhone: "ramal 22" })).toEqual({
      taxId: "12345678000190",
      zipCode: "",
      contactPhone: "ramal 22",
    });
  });
});
