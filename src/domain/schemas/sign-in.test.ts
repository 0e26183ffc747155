import { describe, expect, it } from "vitest";
import { sanitizeAuthInput, signInSchema, signUpSchema } from "./sign-in.ts";

const VALID = { firstName: "Ana", lastName: "Reis", email: "ana@exemplo.com.br", password: "Senha@Forte2026" };

describe("auth input", () => {
  it("is trimmed and loses angle brackets", () => {
    expect(sanitizeAuthInput("  <script>Ana</script> ")).toBe("scriptAna/script");
  });

  it("sign-in lower-cases the e-mail and keeps the password as typed", () => {
    expect(signInSchema.parse({ email: " Ana@Exemplo.com.br ", password: " a<b> " })).toEqual({
      email: "ana@exemplo.com.br",
      password: " a<b> ",
    });
  });

  it("sign-up defaults the role to user and drops an empty company", () => {
    expect(signUpSchema.parse({ ...VALID, company: "  " })).toMatchObject({ role: "user", company: undefined });
  });

  it("sign-up lists every broken password rule of spec §5", () => {
    const result = signUpSchema.safeParse({ ...VALID, password: "abc" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Senha deve ter pelo menos 12 caracteres",
      "Deve conter pelo menos uma letra maiúscula",
      "Deve conter pelo menos um número",
      "Deve conter pelo menos um símbolo especial",
    ]);
  });

  it("sign-up never accepts super_admin", () => {
    expect(signUpSchema.safeParse({ ...VALID, role: "super_admin" }).error?.issues[0].message).toBe(
      "Função inválida para cadastro.",
    );
  });
});
