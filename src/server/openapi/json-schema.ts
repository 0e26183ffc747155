import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), with zod's documented converter:
 * `input` for what a client sends, `output` for what the server answers. A part JSON Schema
 * cannot say (a refinement, a transform's function) is left open rather than failing the document.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}
