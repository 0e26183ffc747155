import { z } from "zod";
import { defineRoute, PUBLIC } from "../../http/route.ts";
import { buildOpenApiDocument } from "../../openapi/document.ts";
import { REFERENCE_INIT, REFERENCE_PAGE, scalarStandaloneBundle } from "./reference-assets.ts";

const API_VERSION = "1.0.0";

/** Built once, on first ask: the route table is fixed for the process's life. */
let openApiDocument: Record<string, unknown> | undefined;
async function publishedDocument() {
  // Imported here, not at the top: the route table includes these routes.
  const { ROUTES } = await import("../../routes.ts");
  openApiDocument ??= buildOpenApiDocument(ROUTES, API_VERSION);
  return openApiDocument;
}

/** The assets never change within a version: browsers may keep them an hour. */
const asset = (body: string, contentType: string) =>
  new Response(body, { headers: { "content-type": contentType, "cache-control": "public, max-age=3600" } });

/** The published API contract (issue 15 §6) and its reference page. */
export const apiDocsRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/openapi.json",
    access: PUBLIC,
    response: z
      .object({
        openapi: z.string(),
        info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
      })
      .loose(),
    summary: "Documento OpenAPI 3.1 desta API",
    handler: () => publishedDocument(),
  }),
  defineRoute({
    method: "GET",
    path: "/api/docs",
    access: PUBLIC,
    response: { contentType: "text/html", description: "Página de referência da API" },
    summary: "Referência da API (página)",
    handler: async () => asset(REFERENCE_PAGE, "text/html; charset=utf-8"),
  }),
  defineRoute({
    method: "GET",
    path: "/api/docs/scalar.js",
    access: PUBLIC,
    response: { contentType: "text/javascript", description: "Script da página de referência" },
    summary: "Script da página de referência (Scalar)",
    handler: async () => asset(scalarStandaloneBundle(), "text/javascript; charset=utf-8"),
  }),
  defineRoute({
    method: "GET",
    path: "/api/docs/init.js",
    access: PUBLIC,
    response: { contentType: "text/javascript", description: "Inicialização da página de referência" },
    summary: "Inicialização da página de referência",
    handler: async () => asset(REFERENCE_INIT, "text/javascript; charset=utf-8"),
  }),
];
