import { describe, expect, it } from "vitest";
import { userLimitReached } from "./invites.ts";

describe("userLimitReached", () => {
  it("agrees the noun with the plan's limit (outside QA: 'limite de 1 usuários')", () => {
    expect(userLimitReached(1)).toContain("atingiu o limite de 1 usuário do plano.");
    expect(userLimitReached(10)).toContain("atingiu o limite de 10 usuários do plano.");
    expect(userLimitReached(1500)).toContain("atingiu o limite de 1.500 usuários do plano.");
  });
});
