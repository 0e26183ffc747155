import type { AnyRoute } from "../http/route.ts";
import { ERROR_RESPONSES, errorComponents } from "./error-responses.ts";
import type { JsonSchema } from "./json-schema.ts";
import { openApiPath, operationFor } from "./operation.ts";
import { SECURITY_SCHEMES } from "./security-schemes.ts";

/** The published API contract (OpenAPI 3.1), generated from the route table and its zod schemas. */
export function buildOpenApiDocument(routes: AnyRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationFor(route);
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Nexo API",
      version,
      description:
        "API do Nexo. Todo erro responde `{ error: { code, message } }` (esquema `Error`). Datas em ISO 8601, valores em centavos.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: errorComponents(),
      responses: ERROR_RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
