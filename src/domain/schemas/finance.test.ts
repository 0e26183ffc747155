import { describe, expect, it } from "vitest";
import { financeSettingsSchema } from "./finance.ts";

const messageOf = (body: Record<string, unknown>) => financeSettingsSchema.safeParse(body).error?.issues[0]?.message;

describe("the agency's Pix key", () => {
  it("says what is wrong with a key of each type", () => {
    expect(messageOf({ pixKeyType: "cpf", pixKey: "529.982.247-24" })).toBe(
      "Chave Pix inválida: o CPF não confere. Confira os 11 dígitos.",
    );
    expect(messageOf({ pixKeyType: "cnpj", pixKey: "11.222.333/0001-82" })).toBe(
      "Chave Pix inválida: o CNPJ não confere. Confira os 14 dígitos.",
    );
    expect(messageOf({ pixKeyType: "email", pixKey: "financeiro" })).toBe(
      "Chave Pix inválida: informe um e-mail completo, como financeiro@agencia.com.br.",
    );
    expect(messageOf({ pixKeyType: "phone", pixKey: "9876" })).toBe(
      "Chave Pix inválida: informe o celular com DDD, como (11) 98765-4321.",
    );
    expect(messageOf({ pixKeyType: "evp", pixKey: "nao-e-uma-chave" })).toBe(
      "Chave Pix inválida: a chave aleatória tem 32 letras e números em 5 grupos, como o banco a mostra.",
    );
  });

  it("asks for the type or the key when one comes without the other, and takes no key at all", () => {
    expect(messageOf({ pixKey: "financeiro@aurora.com.br" })).toBe("Escolha o tipo da chave Pix.");
    expect(messageOf({ pixKeyType: "email", pixKey: "" })).toBe("Informe a chave Pix.");
    expect(financeSettingsSchema.safeParse({}).success).toBe(true);
    expect(financeSettingsSchema.parse({ pixKeyType: "phone", pixKey: "(11) 98765-4321" }).remindersEnabled).toBe(
      false,
    );
  });
});
