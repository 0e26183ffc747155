import { describe, expect, it } from "vitest";
import { adminSetupIssues, adminSetupSchema } from "./admin-setup.ts";

describe("admin setup schema", () => {
  it("accepts a valid e-mail and a strong password, normalising the e-mail", () => {
    const parsed = adminSetupSchema.safeParse({ email: "  Dono@Agencia.COM ", password: "Forte@Senha2026" });
    expect(parsed.success && parsed.data).toEqual({ email: "dono@agencia.com", password: "Forte@Senha2026", name: "" });
  });

  it("joins 'Email inválido' and the password messages after 'Erro de validação: '", () => {
    const parsed = adminSetupSchema.safeParse({ email: "dono", password: "SEMNUMERO" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0].message).toBe(
      "Erro de validação: Email inválido, Senha deve ter pelo menos 12 caracteres, " +
        "Deve conter pelo menos uma letra minúscula, Deve conter pelo menos um número, " +
        "Deve conter pelo menos um símbolo especial",
    );
  });

  it("judges missing or non-text fields like empty ones", () => {
    expect(adminSetupSchema.safeParse({ email: 42 }).error?.issues[0].message).toMatch(
      /^Erro de validação: Email inválido, Senha deve ter pelo menos 12 caracteres/,
    );
  });

  it("refuses passwords over 128 characters", () => {
    expect(adminSetupIssues({ email: "a@b.co", password: `Aa1!${"x".repeat(125)}` })).toEqual([
      "Senha deve ter no máximo 128 caracteres",
    ]);
  });
});
