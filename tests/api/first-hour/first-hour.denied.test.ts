import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the super admin's user search is the super admin's only", () => {
  it("answers 401 signed out and 403 to an agency manager", async () => {
    expect((await t.request("/api/admin/users")).status).toBe(401);
    const agency = await createAgency(t.database.owner, { name: "Agência Curiosa" });
    const manager = await signedInAs(t, "gestora@curiosa.com.br", "agency_manager", agency.id);
    const response = await t.request("/api/admin/users?q=a", { cookie: manager.cookie });
    expect(response.status).toBe(403);
  });

  it("refuses a search longer than 100 characters with a pt-BR message", async () => {
    const admin = await signedInAs(t, "raiz@nexo.example.com", "super_admin");
    const response = await t.request(`/api/admin/users?q=${"a".repeat(101)}`, { cookie: admin.cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe("A busca deve ter no máximo 100 caracteres");
  });
});
