import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyRoute } from "#server/http/route.ts";
import {
  answerDisagreements,
  checkAnswerAgainstContract,
  disagreements,
  routeFor,
  withinMediaRange,
} from "../../support/response-contract.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const routeAnswering = (response: AnyRoute["response"]) => ({ response }) as AnyRoute;

/** The check every API test's answers go through (tests/support/test-app.ts). */
describe("an answer against its route's published schema", () => {
  const schema = z.object({ id: z.string(), items: z.array(z.object({ name: z.string() })) });

  it("agrees when the answer has exactly the declared fields", () => {
    expect(disagreements(schema, { id: "a", items: [{ name: "x" }] })).toEqual([]);
  });

  it("names a renamed field twice: missing where declared, undeclared where sent", () => {
    const problems = disagreements(schema, { ident: "a", items: [] });
    expect(problems.some((line) => line.startsWith("id:"))).toBe(true);
    expect(disagreements(schema, { id: "a", items: [{ name: "x", extra: 1 }] })).toEqual([
      "items[0].extra: campo não declarado no esquema",
    ]);
  });

  it("finds the route a request ran, with its parameters", () => {
    expect(routeFor("POST", "/api/agency/users/0b9d8b0e-5f1e-4c57-9a38-0c6f0b1f2a3d/unlock")?.path).toBe(
      "/api/agency/users/:userId/unlock",
    );
    expect(routeFor("GET", "/api/nao-existe")).toBeUndefined();
  });

  it("fails the request's test when a real route answers a field it does not publish", async () => {
    const url = "http://localhost/api/health";
    const published = { status: "ok", database: "pglite", migration: null };
    await expect(checkAnswerAgainstContract("GET", url, json(published))).resolves.toBeUndefined();
    await expect(checkAnswerAgainstContract("GET", url, json({ ...published, uptime: 3 }))).rejects.toThrow(
      /GET \/api\/health \(200\).*\n.*uptime: campo não declarado/,
    );
  });

  it("holds an error answer to the one error shape", async () => {
    const route = routeAnswering(z.object({ id: z.string() }));
    expect(
      await answerDisagreements(route, json({ error: { code: "not_found", message: "Não encontrado." } }, 404)),
    ).toEqual([]);
    expect(await answerDisagreements(route, json({ message: "Não encontrado." }, 404))).not.toEqual([]);
  });

  it("holds a declared file to its media type, ranges included", async () => {
    const backup = routeAnswering({ contentType: "application/json", description: "arquivo" });
    expect(await answerDisagreements(backup, json({ agency: {} }))).toEqual([]);
    const csv = routeAnswering({ contentType: "text/csv", description: "CSV" });
    expect(await answerDisagreements(csv, json({ rows: [] }))).toEqual([
      "answered application/json but declares text/csv",
    ]);
    expect(withinMediaRange("image/png", "image/*")).toBe(true);
    expect(withinMediaRange("text/html", "image/*")).toBe(false);
    expect(withinMediaRange("application/pdf", "*/*")).toBe(true);
  });

  it("names a JSON answer of a route that publishes none", async () => {
    expect(await answerDisagreements(routeAnswering(undefined), json({ ok: true }))).toEqual([
      "answered JSON but declares no response schema",
    ]);
  });
});
