import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/dashboard/stats denied", () => {
  it("answers 401 without a session", async () => {
    const response = await t.request("/api/dashboard/stats");
    expect(response.status).toBe(401);
  });

  it("tells a user without an agency that they have none", async () => {
    const loner = await signedInAs(t, "sozinho@example.com.br", "user", null);
    const response = await t.request("/api/dashboard/stats", { cookie: loner.cookie });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "no_agency", message: "Usuário não está associado a uma agência" });
  });
});
