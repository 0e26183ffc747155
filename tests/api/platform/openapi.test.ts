import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "#server/routes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the published API (issue 15 §6)", () => {
  it("serves the OpenAPI 3.1 document to anyone, with every route", async () => {
    const response = await t.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\.1\./);
    const operations = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(operations).toBe(ROUTES.length);
  });

  it("serves the reference page and its scripts from this server, under the usual CSP", async () => {
    const page = await t.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).not.toMatch(/<script>|https?:\/\//);
    const bundle = await t.request("/api/docs/scalar.js");
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    const init = await (await t.request("/api/docs/init.js")).text();
    expect(init).toContain('"url":"/api/openapi.json"');
  });
});
