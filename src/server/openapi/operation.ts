import type { z } from "zod";
import type { AnyRoute } from "../http/route.ts";
import { describeAccess } from "../http/route.ts";
import { type JsonSchema, toJsonSchema } from "./json-schema.ts";
import { errorResponsesFor } from "./error-responses.ts";
import { securityFor } from "./security-schemes.ts";

/** `/api/projects/:id` → `/api/projects/{id}` (OpenAPI's path template). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

/** The first path segment after /api names the area a route belongs to (the reference groups by it). */
export function tagOf(path: string): string {
  return path.split("/")[2] ?? "api";
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = toJsonSchema(schema, "input");
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) {
    return [{ name: "query", in: "query", style: "form", explode: true, schema: json }];
  }
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

function successResponse(route: AnyRoute): JsonSchema {
  const { response } = route;
  if (!response) return { description: "Resposta sem esquema declarado" };
  if ("contentType" in response && typeof response.contentType === "string") {
    return { description: response.description, content: { [response.contentType]: {} } };
  }
  return {
    description: "Sucesso",
    content: { "application/json": { schema: toJsonSchema(response as z.ZodType, "output") } },
  };
}

/** One route as an OpenAPI operation: its access, inputs, answer and the errors it may give. */
export function operationFor(route: AnyRoute): JsonSchema {
  const access = describeAccess(route.access);
  const parameters = [
    ...pathParamNames(route.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  return {
    tags: [tagOf(route.path)],
    summary: route.summary ?? `${route.method} ${route.path}`,
    description: `Acesso: \`${access}\`.`,
    "x-nexo-access": access,
    security: securityFor(route.access),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: toJsonSchema(route.body, "input") } },
          },
        }
      : {}),
    responses: {
      [route.method === "GET" ? "200" : "2XX"]: successResponse(route),
      ...errorResponsesFor(route),
    },
  };
}
