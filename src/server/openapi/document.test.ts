import { validate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../routes.ts";
import { buildOpenApiDocument } from "./document.ts";
import { openApiPath } from "./operation.ts";

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
const document = buildOpenApiDocument(ROUTES, "test");
const paths = document.paths as Record<string, Record<string, Operation>>;

describe("the published OpenAPI document (issue 15 §6)", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.version).toBe("3.1");
  });

  it("describes every route of ROUTES, and nothing else", () => {
    const missing = ROUTES.filter((route) => !paths[openApiPath(route.path)]?.[route.method.toLowerCase()]).map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(missing).toEqual([]);
    const operations = Object.values(paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(operations).toBe(ROUTES.length);
  });

  it("every route declares what its answer looks like", () => {
    const undeclared = ROUTES.filter((route) => !route.response).map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
  });

  it("publishes a JSON answer's schema and references the one error shape", () => {
    const me = paths["/api/me"]?.get;
    const schema = me?.responses["200"]?.content?.["application/json"]?.schema as { properties?: object };
    expect(Object.keys(schema.properties ?? {})).toEqual(["user", "permissions", "agency"]);
    expect(me?.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthenticated" });
    expect(document.components).toMatchObject({
      schemas: { Error: { properties: { error: { required: ["code", "message"] } } } },
    });
  });
});
