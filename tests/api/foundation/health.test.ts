import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_DB_KIND } from "#tests/support/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers the database kind and the newest applied migration", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: TEST_DB_KIND,
      migration: expect.stringMatching(/^\d{4}_/),
    });
  });

  it("sends a request id and the security headers", async () => {
    const response = await t.request("/api/health");
    expect(response.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 in pt-BR", async () => {
    const response = await t.request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Rota não encontrada." } });
  });
});
