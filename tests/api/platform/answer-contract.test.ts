import { describe, expect, it } from "vitest";
import { z } from "zod";
import { disagreements, routeFor } from "../../support/response-contract.ts";

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
});
