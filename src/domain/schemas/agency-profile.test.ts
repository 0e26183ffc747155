import { describe, expect, it } from "vitest";
import { type AgencyProfileInput, agencyProfileFormSchema, agencyProfileSchema } from "./agency-profile.ts";
import { BRAZILIAN_FIELD_MESSAGES } from "./brazilian-fields.ts";

const valid: AgencyProfileInput = {
  name: "Agência Aurora",
  contactEmail: "",
  contactPhone: "",
  website: "",
  taxId: "",
  primaryColor: "#3b82f6",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: "",
  timezone: "America/Sao_Paulo",
  currency: "BRL",
};

const firstMessage = (input: unknown) => agencyProfileSchema.safeParse(input).error?.issues[0]?.message;

describe("agencyProfileSchema", () => {
  it("accepts empty optional fields as null and normalises colour and e-mail", () => {
    const parsed = agencyProfileFormSchema().parse({ ...valid, contactEmail: " Contato@Aurora.COM.br " });
    expect(parsed).toMatchObject({
      contactEmail: "contato@aurora.com.br",
      website: null,
      taxId: null,
      primaryColor: "#3B82F6",
    });
    expect(agencyProfileSchema.parse({ ...valid, primaryColor: "" }).primaryColor).toBe("#3B82F6");
  });

  it("gives the spec's messages for name, e-mail and URL", () => {
    expect(firstMessage({ ...valid, name: " A " })).toBe("Nome deve ter pelo menos 2 caracteres");
    expect(firstMessage({ ...valid, contactEmail: "contato@" })).toBe("Email inválido");
    expect(firstMessage({ ...valid, website: "aurora" })).toBe("URL inválida");
    expect(firstMessage({ ...valid, website: "javascript:alert(1)" })).toBe("URL inválida");
    expect(agencyProfileSchema.parse({ ...valid, website: "https://aurora.com.br" }).website).toBe(
      "https://aurora.com.br",
    );
  });

  it("the form checks CNPJ, CEP and phone, letting the agency's stored values stay as they are", () => {
    const formMessage = (input: Partial<AgencyProfileInput>, stored = {}) =>
      agencyProfileFormSchema(stored).safeParse({ ...valid, ...input }).error?.issues[0]?.message;
    expect(formMessage({ taxId: "11.222.333/0001-82" })).toBe(BRAZILIAN_FIELD_MESSAGES.invalidCnpj);
    expect(formMessage({ zipCode: "0131-0100" })).toBe(BRAZILIAN_FIELD_MESSAGES.invalidCep);
    expect(formMessage({ contactPhone: "99999" })).toBe(BRAZILIAN_FIELD_MESSAGES.invalidPhone);
    expect(formMessage({ contactPhone: "99999" }, { contactPhone: "99999" })).toBeUndefined();
    // The route's own schema takes them as text: the server checks them against the stored agency.
    expect(agencyProfileSchema.parse({ ...valid, taxId: " 123 " }).taxId).toBe("123");
  });

  it("refuses a colour, timezone or currency outside what the screen offers", () => {
    expect(firstMessage({ ...valid, primaryColor: "azul" })).toBe("Cor inválida (use o formato #RRGGBB)");
    expect(firstMessage({ ...valid, timezone: "Mars/Olympus" })).toBe("Fuso horário inválido");
    expect(firstMessage({ ...valid, currency: "BTC" })).toBe("Moeda inválida");
  });
});
